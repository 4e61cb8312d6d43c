import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../../../db/client';
import * as schema from '../../../db/schema';

/** A second Drizzle handle on the same connection that counts the queries it sends. */
export function countingDb(db: Db, engine: 'pglite' | 'postgres'): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => queries.push(query) };
  const client = (db as unknown as { $client: unknown }).$client;
  const counted =
    engine === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger });
  return { db: counted as unknown as Db, queries };
}
