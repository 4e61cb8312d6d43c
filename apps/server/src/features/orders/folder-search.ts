import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type DbOrTx, queryRows, queryRowsPrepared } from '../../db/client';
import { orders } from '../../db/schema';
import { idArray } from '../../lib/id-list';
import { memoizeByObject } from '../../lib/memo';
import { limitLiteral } from '../../lib/sql-limit';
import { probeOf } from './search-probe';
import { isRareTerm, readSearchStats, type SearchStats } from './search-stats';

/** The search within a folder: which orders match a term, and how many (up to a cap). */

/**
 * A search matching more rows than this answers `totalCapped` instead of counting them all.
 * Counting stops at the cap: on a million orders a common surname (7 % of them) reaches 1,000
 * matches within about 15,000 rows, where 10,000 took a scan of 140,000 (README, Benchmarks).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Case-insensitive substring, as a test on each row: 3+ characters in id, name, e-mail, phone or
 * passport (search_text, whose trigram index serves it; a term with a space is checked field by
 * field too, so it never matches across two fields); 1-2 characters anywhere in the id, name or
 * e-mail (issue 18). The plain form: a rare term's count uses rareTermWhere, a common one's walk
 * walkWhere, for the same orders.
 */
export function searchWhere(term: string | undefined): SQL | undefined {
  const trimmed = term?.trim() ?? '';
  if (!trimmed) return undefined;
  if (!isShort(trimmed))
    return inEachField(trimmed, sql`${orders.searchText} like ${likeAnywhere(trimmed)} escape '\\'`);
  return sql`(${sql.join(fieldsHolding(trimmed, idNameEmail), sql` or `)})`;
}

/**
 * The orders holding a rare 3+ character term (one in none of the sampled search texts): the same
 * orders as searchWhere, found by search_candidates (migration 0024), whose plan is made once per
 * connection instead of for each term. With a probe (a part of the term, search-probe.ts) the
 * trigram index is asked for the probe alone and the whole term is checked on what it returns.
 */
export function rareTermWhere(trimmed: string, probe?: string): SQL {
  const candidates = sql`${orders.orderId} = any(array(select search_candidates(${likeAnywhere(probe ?? trimmed)}, lower(${trimmed}))))`;
  return inEachField(trimmed, candidates);
}

/**
 * The same orders as searchWhere for a common 3+ character term (walksNewest), tested by strpos:
 * where the newest orders are walked no index serves the test, and the planner estimates strpos
 * without testing a LIKE pattern against the column's 2,000 sampled texts (0.4 ms of planning a
 * statement, about the cost of walking 2,000 orders). The estimate is the same whatever the term,
 * so PostgreSQL keeps one plan for the statement instead of planning it on every call; the term is
 * lowered once in it (a sub-select), where `lower($2)` in a kept plan is worked out again for every
 * order walked (4.6 ms against 3.15 on a million orders).
 */
export function walkWhere(trimmed: string): SQL {
  return inEachField(trimmed, sql`strpos(${orders.searchText}, (select lower(${trimmed}))) > 0`);
}

const idNameEmail = [sql`${orders.orderId}::text`, sql`${orders.fullName}`, sql`${orders.email}`];

/** The test of each column that holds the term, as a case-insensitive substring. */
function fieldsHolding(trimmed: string, columns: SQL[]): SQL[] {
  const anywhere = likeAnywhere(trimmed);
  return columns.map((column) => sql`lower(${column}) like ${anywhere} escape '\\'`);
}

/** A term with a space must also lie within one field: search_text joins them with spaces. */
function inEachField(trimmed: string, matches: SQL): SQL {
  if (!/\s/.test(trimmed)) return matches;
  const fields = fieldsHolding(trimmed, [...idNameEmail, sql`${orders.phoneNumber}`, sql`${orders.passportNumber}`]);
  return sql`(${matches} and (${sql.join(fields, sql` or `)}))`;
}

const isShort = (trimmed: string) => [...trimmed].length < 3;

/** '%term%' for LIKE, with % _ \ escaped so the term matches literally. */
function likeAnywhere(trimmed: string): SQL {
  const escaped = trimmed.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || lower(${escaped}) || '%'`;
}

/** Every character and pair of neighbouring characters of the id, name and e-mail (migration 0016). */
const shortGrams = sql`order_short_grams(${orders.orderId}, ${orders.fullName}, ${orders.email})`;

/**
 * A pair or character in more than this share of the orders is found sooner by reading orders
 * until the cap is reached than through the index, whose answer grows with the share (measured
 * on a million orders, docs/decisions.md): reading costs about 3 units per order read, the index
 * about 1 per match, so the index wins while share x orders < 3 x cap / share. The shares are
 * the planner's statistics of the index (search-stats.ts).
 */
function isCommonShortTerm(stats: SearchStats, gram: string, cap: number): boolean {
  const share = stats.shortGramShares.get(gram) ?? 0;
  return share * share * stats.orders > 3 * (cap + 1);
}

/**
 * Whether a 3+ character term's count walks the newest orders in orders_search_walk_idx
 * (migration 0023), which holds search_text and every column a folder rule tests, instead of
 * asking the trigram index. The walk reads about (cap + 1) / share entries, 0.25 µs each; the
 * trigram index about 0.85 µs per match, share x orders. So the walk wins while
 * share² x orders > 0.3 x (cap + 1): above 1.7 % of a million orders, 5.5 % of 100,000. Measured
 * on a million orders (docs/decisions.md): 7 % 11 → 4 ms, 3.5 % 31 → 7 ms; 0.7 % would be 8 → 33.
 * The share is that of the sampled search texts (the histogram of migration 0019). Only without a
 * space: a term with one is also checked field by field, on columns the walk index does not hold.
 */
export function walksNewest(
  lowered: string,
  stats: Pick<SearchStats, 'sampleText' | 'sampleCount' | 'orders'>,
  cap: number,
): boolean {
  if (isShort(lowered) || /\s/.test(lowered) || stats.sampleCount === 0) return false;
  const share = samplesHolding(stats.sampleText, lowered) / stats.sampleCount;
  return share * share * stats.orders > WALK_COST_RATIO * (cap + 1);
}

const WALK_COST_RATIO = 0.3;

/** How many of the sampled texts (one per line) hold `term`, which holds no line break. */
function samplesHolding(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at >= 0; count++) {
    const lineEnd = text.indexOf('\n', at + term.length);
    if (lineEnd < 0) return count + 1;
    at = text.indexOf(term, lineEnd + 1);
  }
  return count;
}

/**
 * The statement counting matches (no more than cap + 1) with their ids when there are no more
 * than cap. Walking newest first is the order of orders_search_walk_idx, so a common term's count
 * is an index-only scan that stops at the cap.
 */
export function matchCountQuery(filter: SQL, matches: SQL, cap: number, newestFirst: boolean): SQL {
  const order = newestFirst ? sql`order by ${orders.createdAt} desc nulls last` : sql``;
  return sql`select count(*)::int as n, case when count(*) <= ${limitLiteral(cap)} then array_agg(id) end as ids
    from (select ${orders.orderId} as id from ${orders} where ${filter} and ${matches} ${order} limit ${limitLiteral(cap + 1)}) as hits`;
}

/** How a term's matches are found (findMatchIds), as the statistics decide it. */
export type TermRoute =
  | { kind: 'short'; common: boolean }
  | { kind: 'walk' }
  | { kind: 'rare'; probe: string | undefined }
  | { kind: 'plain' };

/**
 * The route of a lowered term, decided once per term for each reading of the statistics (a new
 * reading is a new object, so its routes start afresh): deciding scans the 2,000 sampled texts
 * up to three times, about a tenth of the server's own time on a search, and a member paging
 * through results, or typing on from a term, sends the same term again.
 */
export function routeOf(lowered: string, short: boolean, stats: SearchStats, cap: number): TermRoute {
  const routes = routesOf(stats);
  const key = `${short ? 's' : 'l'}${cap} ${lowered}`;
  let route = routes.get(key);
  if (!route) {
    route = decideRoute(lowered, short, stats, cap);
    routes.set(key, route);
  }
  return route;
}

const routesOf = memoizeByObject((_stats: SearchStats) => new LRUCache<string, TermRoute>({ max: 2_000 }));

/** `short`: the term as typed has 1-2 characters (its lower case may have more). */
function decideRoute(lowered: string, short: boolean, stats: SearchStats, cap: number): TermRoute {
  if (short) return { kind: 'short', common: isCommonShortTerm(stats, lowered, cap) };
  if (walksNewest(lowered, stats, cap)) return { kind: 'walk' };
  if (isRareTerm(lowered, stats)) return { kind: 'rare', probe: probeOf(lowered, stats) };
  return { kind: 'plain' };
}

/**
 * How many orders match (no more than cap + 1), and their ids when there are no more than cap,
 * found through an index: the trigram index for 3+ characters (or the walk index for a common
 * term), the index of characters and pairs for 1-2 (unless the term is common, when reading
 * orders reaches the cap sooner).
 */
async function findMatchIds(db: DbOrTx, filter: SQL, trimmed: string, cap: number) {
  const lowered = trimmed.toLowerCase();
  const route = routeOf(lowered, isShort(trimmed), await readSearchStats(db), cap);
  let matches: SQL;
  let walk: SQL | undefined;
  // The walk's and the rare term's statements have one best plan whatever the term (the test is
  // strpos, or search_candidates, neither of which the planner looks into): prepared, they are
  // planned once per connection; the others are planned for their term.
  let run = queryRows;
  if (route.kind === 'short') {
    const scan = searchWhere(trimmed) as SQL;
    matches = route.common ? scan : sql`(${scan} and ${shortGrams} @> array[lower(${trimmed})]::text[])`;
  } else if (route.kind === 'walk') {
    walk = walkWhere(trimmed);
    matches = walk;
    run = queryRowsPrepared;
  } else if (route.kind === 'rare') {
    matches = rareTermWhere(trimmed, route.probe);
    run = queryRowsPrepared;
  } else {
    matches = searchWhere(trimmed) as SQL;
  }
  const [row] = await run<{ n: number; ids: Array<string | number> | null }>(
    db,
    matchCountQuery(filter, matches, cap, walk !== undefined),
  );
  return { count: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number), walk };
}

export interface SearchMatches {
  /** what narrows the listing to the matches: their ids when all are known, else the test on each row */
  where: SQL;
  total: number;
  totalCapped: boolean;
  /**
   * Runs a statement narrowed by `where`: among known ids, or walking with strpos, its plan does
   * not depend on the ids or the term, so it is prepared (queryRowsPrepared); a LIKE test on each
   * row is planned for its term.
   */
  queryRows: <T>(db: DbOrTx, query: SQL) => Promise<T[]>;
}

/**
 * The matches are found first, through an index, up to the cap. When they are all known (a rare
 * term) the page is read among those ids alone, so a search never walks every order for a term
 * that matches few or none; a common term's page is found by walking the newest orders, where
 * matches come soon.
 */
export async function findSearchMatches(
  db: DbOrTx,
  filter: SQL,
  term: string,
  cap: number,
): Promise<SearchMatches | undefined> {
  const trimmed = term.trim();
  if (!trimmed) return undefined;
  const { count, ids, walk } = await findMatchIds(db, filter, trimmed, cap);
  if (count > cap) {
    // A walked term's page has one plan too: walk the listing's order, testing each row.
    const where = walk ?? (searchWhere(trimmed) as SQL);
    return { where, total: cap, totalCapped: true, queryRows: walk ? queryRowsPrepared : queryRows };
  }
  return {
    where: sql`${orders.orderId} = any(${idArray(ids)})`,
    total: ids.length,
    totalCapped: false,
    queryRows: queryRowsPrepared,
  };
}
