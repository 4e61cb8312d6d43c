import type { DisputeReport, DisputeReportGroup, DisputeReportQuery } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderDisputes } from '../../db/schema';

interface Cell {
  month: string;
  network: string;
  reason: string;
  state: string;
  n: number;
  amount: string | null;
}

type Acc = Omit<DisputeReportGroup, 'winRate' | 'amountDisputed' | 'amountLost'> & {
  disputed: number;
  lostAmount: number;
};

const empty = (key: string): Acc => ({
  key,
  disputes: 0,
  won: 0,
  lost: 0,
  accepted: 0,
  open: 0,
  disputed: 0,
  lostAmount: 0,
});

function add(acc: Acc, cell: Cell): void {
  const amount = Number(cell.amount ?? 0);
  acc.disputes += cell.n;
  acc.disputed += amount;
  if (cell.state === 'won') acc.won += cell.n;
  else if (cell.state === 'lost') {
    acc.lost += cell.n;
    acc.lostAmount += amount;
  } else if (cell.state === 'accepted') {
    acc.accepted += cell.n;
    acc.lostAmount += amount;
  } else acc.open += cell.n;
}

function finish({ disputed, lostAmount, ...acc }: Acc): DisputeReportGroup {
  const decided = acc.won + acc.lost + acc.accepted;
  return {
    ...acc,
    winRate: decided ? acc.won / decided : null,
    amountDisputed: disputed.toFixed(2),
    amountLost: lostAmount.toFixed(2),
  };
}

function groupBy(cells: Cell[], keyOf: (c: Cell) => string): DisputeReportGroup[] {
  const groups = new Map<string, Acc>();
  for (const cell of cells) {
    const key = keyOf(cell);
    const acc = groups.get(key) ?? empty(key);
    add(acc, cell);
    groups.set(key, acc);
  }
  return [...groups.values()].map(finish);
}

/**
 * The Disputes report: per month opened, per network and per reason code, how many disputes,
 * how many won, lost (a dispute accepted counts as money lost too) and still open, the win rate
 * of the decided ones, and the amounts disputed and lost. Amounts add up across currencies as
 * numbers: the business bills in one currency.
 */
export async function getDisputeReport(db: DbOrTx, query: DisputeReportQuery): Promise<DisputeReport> {
  const opened = sql`coalesce(${orderDisputes.openedAt}, ${orderDisputes.createdAt}::date)`;
  const cells = await queryRows<Cell>(
    db,
    sql`select to_char(${opened}, 'YYYY-MM') as month, ${orderDisputes.network} as network,
        coalesce(${orderDisputes.reasonCode}, '-') as reason, ${orderDisputes.state} as state,
        count(*)::int as n, sum(coalesce(${orderDisputes.amount}, 0))::text as amount
      from ${orderDisputes}
      where (${query.from}::date is null or ${opened} >= ${query.from}::date)
        and (${query.to}::date is null or ${opened} <= ${query.to}::date)
      group by 1, 2, 3, 4`,
  );
  const all = empty('all');
  for (const cell of cells) add(all, cell);
  const byKey = (a: DisputeReportGroup, b: DisputeReportGroup) => a.key.localeCompare(b.key);
  return {
    totals: finish(all),
    byMonth: groupBy(cells, (c) => c.month).sort(byKey),
    byNetwork: groupBy(cells, (c) => c.network).sort((a, b) => b.disputes - a.disputes || byKey(a, b)),
    byReason: groupBy(cells, (c) => `${c.network} ${c.reason}`).sort((a, b) => b.disputes - a.disputes || byKey(a, b)),
  };
}
