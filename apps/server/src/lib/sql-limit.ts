import { type SQL, sql } from 'drizzle-orm';

/**
 * A row limit written into the statement's text, not sent as a value: a plan PostgreSQL keeps for
 * a prepared statement assumes an unknown limit reads a tenth of the table, and would sort where
 * walking an index is right. Limits are few (page sizes, the search's count cap); a caller's own
 * page sizes each make a text of their own, no more than PREPARED_TEXTS_KEPT of them prepared
 * (db/client.ts). Anything but a whole number is refused rather than written into SQL.
 */
export function limitLiteral(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`row limit ${limit}: not a whole number`);
  return sql.raw(String(limit));
}
