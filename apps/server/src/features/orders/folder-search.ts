import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders } from '../../db/schema';

/** The search within a folder: which orders match a term, and how many (up to a cap). */

/**
 * A search matching more rows than this answers `totalCapped` instead of counting them all.
 * Counting stops at the cap: on a million orders a common surname (7 % of them) reaches 1,000
 * matches within about 15,000 rows, where 10,000 took a scan of 140,000 (README, Benchmarks).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Case-insensitive substring: 3+ characters through the trigram index over id, name, e-mail,
 * phone and passport; 1-2 characters anywhere in the id, name or e-mail (no index serves those:
 * the newest-first walk stops as soon as a page is found, and counting stops at the cap).
 */
export function searchWhere(term: string | undefined): SQL | undefined {
  const trimmed = term?.trim() ?? '';
  if (!trimmed) return undefined;
  // LIKE treats % _ \ specially: escape them so the term matches literally.
  const escaped = trimmed.replace(/[\\%_]/g, (c) => `\\${c}`);
  if ([...trimmed].length >= 3) {
    return sql`${orders.searchText} like '%' || lower(${escaped}) || '%' escape '\\'`;
  }
  const anywhere = sql`'%' || lower(${escaped}) || '%'`;
  return sql`(${orders.orderId}::text like ${anywhere} escape '\\' or lower(${orders.email}) like ${anywhere} escape '\\' or lower(${orders.fullName}) like ${anywhere} escape '\\')`;
}

/** How many orders match, counting no further than the cap. */
export async function countSearch(
  db: DbOrTx,
  where: SQL,
  cap: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${orders} where ${where} limit ${cap + 1}) as hits`,
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}
