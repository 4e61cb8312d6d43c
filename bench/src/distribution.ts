import { createRng, type Rng } from '../../apps/server/src/db/factories';
import type { SeedScenario } from '../../apps/server/src/db/seed';

/**
 * What a busy service looks like after two years: nearly everything delivered, a few thousand
 * orders of open work, one work folder (Awaiting Customer) holding about 3 % of all orders, the
 * size the 'All' page size is measured on.
 */
export type Scenario = Exclude<SeedScenario, 'mineTeam' | 'mineAdmin'>;

/** Shares in percent of all orders; Completed takes the rest. */
const SHARES: ReadonlyArray<[Scenario, number]> = [
  ['new', 0.4],
  ['priority', 0.15],
  ['mine', 0.2],
  ['future', 0.5],
  ['futureDue', 0.05],
  ['Pending', 0.2],
  ['Awaiting', 3],
  ['AwaitingGovt', 0.5],
  ['Contact Customer', 0.5],
  ['Customer Called', 1],
  ['refundPending', 0.3],
  ['refunded', 3],
  ['ChargeBack', 0.7],
  ['Deleted', 2],
];
const COMPLETED_SHARE = 100 - SHARES.reduce((sum, [, share]) => sum + share, 0);
export const SCENARIOS: readonly Scenario[] = [...SHARES.map(([s]) => s), 'Completed'];
const WEIGHTS: readonly number[] = [...SHARES.map(([, share]) => share), COMPLETED_SHARE];

/** The history spans two years of trading; open work is recent. */
const HISTORY_DAYS = 730;
const CREATED_DAYS_AGO: Record<Scenario, [number, number]> = {
  new: [0, 3],
  priority: [0, 2],
  mine: [0, 4],
  future: [0, 60],
  futureDue: [20, 60],
  Pending: [0, 3],
  Completed: [1, HISTORY_DAYS],
  Awaiting: [2, 120],
  AwaitingGovt: [2, 60],
  'Contact Customer': [1, 45],
  'Customer Called': [3, 180],
  refundPending: [3, 60],
  refunded: [10, HISTORY_DAYS],
  ChargeBack: [30, HISTORY_DAYS],
  Deleted: [0, HISTORY_DAYS],
};

function pickScenario(rng: Rng): number {
  let roll = rng.next() * 100;
  for (let i = 0; i < WEIGHTS.length; i++) {
    roll -= WEIGHTS[i] as number;
    if (roll < 0) return i;
  }
  return WEIGHTS.length - 1;
}

const DAY = 86_400_000;

/**
 * The scenario and creation time of every order, ordered by creation time: order ids grow with
 * time as they do in production, so the table's physical order is the order it was written in.
 */
export interface Timeline {
  scenario: Uint8Array;
  createdMs: Float64Array;
}

export function planTimeline(total: number, seed: number, now: Date): Timeline {
  const rng = createRng(seed);
  const scenario = new Uint8Array(total);
  const createdMs = new Float64Array(total);
  for (let i = 0; i < total; i++) {
    const index = pickScenario(rng);
    const [minDays, maxDays] = CREATED_DAYS_AGO[SCENARIOS[index] as Scenario];
    scenario[i] = index;
    createdMs[i] = now.getTime() - rng.int(minDays * DAY, maxDays * DAY);
  }
  const order = new Uint32Array(total).map((_, i) => i);
  order.sort((a, b) => (createdMs[a] as number) - (createdMs[b] as number) || a - b);
  return {
    scenario: Uint8Array.from(order, (i) => scenario[i] as number),
    createdMs: Float64Array.from(order, (i) => createdMs[i] as number),
  };
}

/**
 * Surnames as skewed as real ones: a quarter of the orders share twenty family names, the most
 * common carried by about 2.5 % of all orders. The names themselves are generated syllables.
 */
export const COMMON_SURNAMES = [
  'Tamora',
  'Keilani',
  'Brandou',
  'Shevita',
  'Rozabel',
  'Thanemo',
  'Dorisal',
  'Vaskell',
  'Meirona',
  'Chaloux',
  'Pendrik',
  'Fiorazu',
  'Hesketa',
  'Lumbrae',
  'Stravio',
  'Gaveton',
  'Norquai',
  'Zelphin',
  'Trimaud',
  'Bessaro',
] as const;

/** Zipf-like: the k-th common name is 1/k as frequent as the first; together they are 25 %. */
const HARMONIC = COMMON_SURNAMES.reduce((sum, _, k) => sum + 1 / (k + 1), 0);

export function pickSurname(rng: Rng): string | undefined {
  let roll = rng.next();
  if (roll >= 0.25) return undefined;
  roll = (roll / 0.25) * HARMONIC;
  for (let k = 0; k < COMMON_SURNAMES.length; k++) {
    roll -= 1 / (k + 1);
    if (roll < 0) return COMMON_SURNAMES[k];
  }
  return COMMON_SURNAMES[0];
}
