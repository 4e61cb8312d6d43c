import {
  DASHBOARD_QUEUES,
  type DashboardData,
  type FailingDelivery,
  type MemberThroughput,
  type QueueAgeing,
  type SlaHours,
  slaHoursFor,
} from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { type FolderContext, folderWhere, type RollupGroup, sizeOfFolder } from '../orders';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The oldest order of each queue in one round trip: each branch walks (status, created_at) from
 * its oldest end and stops at the first row its folder rule accepts.
 */
async function oldestPerQueue(db: DbOrTx, ctx: FolderContext) {
  const branches = DASHBOARD_QUEUES.map(
    (key) =>
      sql`(select ${key}::text as folder, ${iso(sql`${orders.createdAt}`)} as created_at, ${orders.processingMode} as mode
        from ${orders} where ${folderWhere(key, ctx)} order by ${orders.createdAt} asc, ${orders.orderId} asc limit 1)`,
  );
  return queryRows<{ folder: string; created_at: string; mode: string }>(db, sql.join(branches, sql` union all `));
}

/** Orders credited per member since the start of today and of this week (Monday), business zone. */
async function throughput(db: DbOrTx, today: string, timeZone: string): Promise<MemberThroughput[]> {
  const dayStart = sql`(${today}::date)::timestamp at time zone ${timeZone}`;
  const weekStart = sql`date_trunc('week', ${today}::date)::timestamp at time zone ${timeZone}`;
  const rows = await queryRows<{ name: string | null; today: number; week: number }>(
    db,
    sql`select ${orders.processedBy} as name,
        count(*) filter (where ${orders.processedAt} >= ${dayStart})::int as today, count(*)::int as week
      from ${orders} where ${orders.processedAt} >= ${weekStart}
      group by 1 order by 3 desc, 1 limit 50`,
  );
  return rows.map((row) => ({ name: row.name ?? 'Unknown', today: Number(row.today), week: Number(row.week) }));
}

/** Same predicate as the partial index mail_failing_idx (migration 0010), so the index serves it. */
const FAILING = sql`(state = 'failed' or delivery_state in ('bounced', 'dropped'))`;

async function failingDeliveries(db: DbOrTx) {
  const since = sql`now() - interval '7 days'`;
  const [counted, recent] = await Promise.all([
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mail_messages where ${FAILING} and created_at >= ${since}`,
    ),
    queryRows<FailingDelivery & { orderId: string | null; mailId: string }>(
      db,
      sql`select id as "mailId", order_id as "orderId", to_address as "toAddress", kind,
          coalesce(delivery_state, state) as state, coalesce(delivery_reason, last_error) as reason,
          ${iso(sql`coalesce(delivery_state_at, created_at)`)} as at
        from mail_messages where ${FAILING} and created_at >= ${since} order by created_at desc limit 5`,
    ),
  ]);
  return {
    count: Number(counted[0]?.n ?? 0),
    recent: recent.map((row) => ({
      ...row,
      mailId: Number(row.mailId),
      orderId: row.orderId === null ? null : Number(row.orderId),
    })),
  };
}

async function boundaries(db: DbOrTx, today: string, timeZone: string) {
  const [row] = await queryRows<{ day: string; week: string }>(
    db,
    sql`select ${iso(sql`(${today}::date)::timestamp at time zone ${timeZone}`)} as day,
      ${iso(sql`date_trunc('week', ${today}::date)::timestamp at time zone ${timeZone}`)} as week`,
  );
  return { todayFrom: row?.day ?? '', weekFrom: row?.week ?? '' };
}

export interface GetDashboardOptions {
  ctx: FolderContext;
  groups: readonly RollupGroup[];
  sla: SlaHours;
  timeZone: string;
}

/** The operations dashboard: queue sizes (rollup) and ageing, throughput, failing deliveries. */
export async function getDashboard(db: DbOrTx, options: GetDashboardOptions): Promise<DashboardData> {
  const { ctx, groups, sla, timeZone } = options;
  const [oldest, members, failing, from] = await Promise.all([
    oldestPerQueue(db, ctx),
    throughput(db, ctx.today, timeZone),
    failingDeliveries(db),
    boundaries(db, ctx.today, timeZone),
  ]);
  const queues: QueueAgeing[] = DASHBOARD_QUEUES.map((folder) => {
    const first = oldest.find((row) => row.folder === folder);
    const hours = first ? slaHoursFor(first.mode, sla) : null;
    const dueAt =
      first && hours !== null ? new Date(Date.parse(first.created_at) + hours * 3_600_000).toISOString() : null;
    return {
      folder,
      count: sizeOfFolder(groups, folder, ctx),
      oldestAt: first?.created_at ?? null,
      oldestDueAt: dueAt,
    };
  });
  return {
    queues,
    sla,
    throughput: members,
    failingDeliveries: failing,
    ...from,
    generatedAt: new Date().toISOString(),
  };
}
