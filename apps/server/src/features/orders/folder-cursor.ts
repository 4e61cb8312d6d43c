import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Ordering } from './list-ordering';

/**
 * The keyset cursor that reads a folder to its end: the last row's sort key and id, sent back
 * as opaque text and checked before it reaches SQL.
 */

export interface Cursor {
  key: string;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      parsed[0].length <= 200 &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // reported below
  }
  throw badRequest('Invalid cursor.');
}

/** What the database's own text of a key looks like: anything else would fail the cast (a 500). */
const KEY_SHAPES: Record<Ordering['keyType'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  bigint: /^-?\d{1,18}$/,
  text: /^[\s\S]*$/,
};

function isValidKey(keyType: Ordering['keyType'], key: string): boolean {
  // Keys that sort last are 'infinity' (no refund date, no dispute deadline, on no clock).
  if ((keyType === 'timestamptz' || keyType === 'date') && (key === 'infinity' || key === '-infinity')) return true;
  if (!KEY_SHAPES[keyType].test(key)) return false;
  if (keyType === 'bigint' || keyType === 'text') return true;
  const day = key.slice(0, 10);
  // A real calendar day (no 31 February), and a real time of day.
  if (new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return false;
  const [hours = 0, minutes = 0, seconds = 0] = key.slice(11, 19).split(':').map(Number);
  return hours < 24 && minutes < 60 && seconds < 60;
}

export function afterCursor(ordering: Ordering, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  if (!isValidKey(ordering.keyType, cursor.key) || cursor.id < 0) throw badRequest('Invalid cursor.');
  const op = ordering.direction === 'desc' ? sql`<` : sql`>`;
  const key = sql`${cursor.key}::${sql.raw(ordering.keyType)}`;
  return sql`(${ordering.key}, ${orders.orderId}) ${op} (${key}, ${cursor.id})`;
}
