import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths';
import type { Database, Schema } from './client';

export { migrationsFolder };

/** Applies the committed SQL migrations; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.engine === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
}
