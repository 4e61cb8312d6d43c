import { isRareTerm, type SearchStats } from './search-stats';

/**
 * Which part of a rare search term the trigram index is asked for (docs/decisions.md, "Search:
 * the index asked for the rarest part of a rare term").
 *
 * The trigram index reads the whole list of orders holding each trigram of the term, so one
 * common trigram costs more than all the rare ones: for "netraizu" on a million orders, "net"
 * (in every example.net address, a third of the orders) took 3 of its 4 ms. Any part of the term
 * finds every order holding the term, so the index is asked for the part whose trigrams are
 * rarest and the whole term is then checked on the few orders it returns.
 */

/** A part of the term with this many trigrams narrows a rare term to a handful of orders. */
const PROBE_TRIGRAMS = 3;
const PROBE_LENGTH = PROBE_TRIGRAMS + 2;
/**
 * Checking one order the index returns costs about as much as reading 250 entries of its lists
 * (2.4 µs against 9 ns, measured on a million orders): a part whose orders are many is no saving.
 */
const CHECK_COST = 250;

/**
 * The part of `lowered` to ask the index for, or undefined to ask for the whole term.
 *
 * Only for a term the statistics call rare (in none of the sampled search texts): a common term's
 * matches are counted by reading orders until the cap, which the planner chooses from the whole
 * term's estimate. Only ASCII letters and digits are taken, whose trigrams are the same in
 * JavaScript and pg_trgm, and only from an ASCII term, which PostgreSQL's lower() leaves as
 * JavaScript does (a part must lie within the term as stored).
 *
 * Each part of PROBE_LENGTH characters costs what the index reads (its trigrams' shares) and what
 * is checked (the share of sampled texts holding it, at least half a sample). The cheapest part is
 * taken when it costs less than reading the whole term's trigrams: "raizu" for "netraizu", never
 * "john" for "john.smith@gmail.com".
 */
export function probeOf(
  lowered: string,
  stats: Pick<SearchStats, 'sampleText' | 'sampleCount' | 'trigramShares' | 'unlistedShare'>,
): string | undefined {
  if (lowered.length <= PROBE_LENGTH || !/^[\x20-\x7e]+$/.test(lowered)) return undefined;
  const { sampleText, sampleCount } = stats;
  if (!isRareTerm(lowered, stats) || stats.trigramShares.size === 0) return undefined;
  const runs = lowered.match(/[a-z0-9]{3,}/g) ?? [];
  const read = (part: string) => trigramsOf(part).reduce((sum, gram) => sum + shareOf(gram, stats), 0);
  const checked = (part: string) => (Math.max(occurrences(sampleText, part), 0.5) / sampleCount) * CHECK_COST;
  let best: { part: string; cost: number } | undefined;
  for (const run of runs) {
    const length = Math.min(run.length, PROBE_LENGTH);
    for (let start = 0; start + length <= run.length; start++) {
      const part = run.slice(start, start + length);
      const cost = read(part);
      if (best && cost >= best.cost) continue;
      const total = cost + checked(part);
      if (!best || total < best.cost) best = { part, cost: total };
    }
  }
  const whole = runs.reduce((sum, run) => sum + read(run), 0);
  return best && best.cost < whole ? best.part : undefined;
}

/** How many times `part` (letters and digits, so never across two lines) occurs in `text`. */
function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

function trigramsOf(part: string): string[] {
  return Array.from({ length: part.length - 2 }, (_, i) => part.slice(i, i + 3));
}

const shareOf = (gram: string, stats: Pick<SearchStats, 'trigramShares' | 'unlistedShare'>) =>
  stats.trigramShares.get(gram) ?? stats.unlistedShare / 2;
