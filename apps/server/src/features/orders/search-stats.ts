import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * What the planner's statistics say of the searched orders, as the search plans with them
 * (folder-search.ts, search-probe.ts): read in one statement at most once a minute, and empty
 * until the table is analysed.
 */
export interface SearchStats {
  /**
   * the sampled search texts (histogram and most common values, migration 0019), one per line:
   * a term found in none is rare
   */
  sampleText: string;
  sampleCount: number;
  /** the share of orders holding each of the most common trigrams (migration 0022) */
  trigramShares: Map<string, number>;
  /** the share below which a trigram is not listed */
  unlistedShare: number;
  /** the share of orders holding each of the most common characters and pairs (migration 0016) */
  shortGramShares: Map<string, number>;
  /** the planner's count of orders */
  orders: number;
}

/**
 * A term in none of the sampled search texts: held by few orders, unless added since the last
 * ANALYZE. Unknown (false) before the table is analysed.
 */
export function isRareTerm(lowered: string, stats: Pick<SearchStats, 'sampleText' | 'sampleCount'>): boolean {
  return stats.sampleCount > 0 && !stats.sampleText.includes(lowered);
}

const STATS_MS = 60_000;
const cached = new WeakMap<DbOrTx, { at: number; stats: Promise<SearchStats> }>();

/** The statistics, read again after a minute; searches arriving while they are read wait for the same reading. */
export function readSearchStats(db: DbOrTx): Promise<SearchStats> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at <= STATS_MS) return hit.stats;
  const stats = loadSearchStats(db);
  cached.set(db, { at: Date.now(), stats });
  stats.catch(() => {
    if (cached.get(db)?.stats === stats) cached.delete(db);
  });
  return stats;
}

interface StatsRow {
  samples: string[] | null;
  trigrams: string[] | null;
  trigram_shares: number[] | null;
  grams: string[] | null;
  gram_shares: number[] | null;
  orders: number | null;
}

async function loadSearchStats(db: DbOrTx): Promise<SearchStats> {
  // The arrays come whole and are paired here: unnesting the trigrams in SQL with their count as
  // a condition cast the statistic's array again for every row (3.6 s for 7,700 trigrams).
  const [row] = await queryRows<StatsRow>(
    db,
    sql`select
      (select array_cat(s.histogram_bounds::text::text[], s.most_common_vals::text::text[])
        from pg_stats s where s.tablename = 'orders' and s.attname = 'search_text' limit 1) as samples,
      t.most_common_elems::text::text[] as trigrams, t.most_common_elem_freqs::float8[] as trigram_shares,
      (select g.most_common_elems::text::text[] from pg_stats g where g.tablename = 'orders_short_grams_idx' limit 1) as grams,
      (select g.most_common_elem_freqs::float8[] from pg_stats g where g.tablename = 'orders_short_grams_idx' limit 1) as gram_shares,
      (select c.reltuples::float8 from pg_class c where c.relname = 'orders' and c.relkind = 'r' limit 1) as orders
      from (select 1) as one
      left join pg_stats_ext_exprs t on t.statistics_name = 'orders_search_trigrams'
      limit 1`,
  );
  const samples = row?.samples ?? [];
  const trigrams = row?.trigrams ?? [];
  const trigramShares = (row?.trigram_shares ?? []).map(Number);
  return {
    sampleText: samples.join('\n'),
    sampleCount: samples.length,
    trigramShares: pairs(trigrams, trigramShares),
    // most_common_elem_freqs ends with the least and greatest share, then nulls' share (pg_stats)
    unlistedShare: trigramShares[trigrams.length] ?? 0,
    shortGramShares: pairs(row?.grams ?? [], (row?.gram_shares ?? []).map(Number)),
    orders: Number(row?.orders ?? 0),
  };
}

function pairs(elements: string[], shares: number[]): Map<string, number> {
  return new Map(elements.map((element, i) => [element, shares[i] ?? 0]));
}
