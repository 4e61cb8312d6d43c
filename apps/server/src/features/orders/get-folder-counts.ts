import { COUNT_FIELDS, FOLDER_KEYS, type FolderCounts, type FolderKey, isInFolder } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderRollup } from '../../db/schema';
import { type FolderContext, rollupWhere } from './folder-sql';

/**
 * All fourteen folder counts (SPEC §3), from the rollup and never from the orders. SQL folds the
 * rollup into what the folder rules can tell apart (status, mode, nobody's / the member's / someone
 * else's, due or not): a few dozen rows, which the domain's own rules (isInFolder over
 * FOLDER_RULES) add up per folder. Translating fourteen rules into SQL on every request cost more
 * CPU than the query itself.
 */
export async function getFolderCounts(db: DbOrTx, ctx: FolderContext): Promise<FolderCounts> {
  const rows = await queryRows<{ status: string; mode: string; owner: number; due: boolean; count: number }>(
    db,
    sql`select status, mode,
        case when assigned_to = 0 then 0 when assigned_to = ${ctx.staffId} then 1 else 2 end as owner,
        processing_date <= ${ctx.today}::date as due, sum(count)::int as count
      from order_rollup group by 1, 2, 3, 4`,
  );
  const counts = Object.fromEntries(FOLDER_KEYS.map((key) => [COUNT_FIELDS[key], 0])) as FolderCounts;
  for (const row of rows) {
    const subject = {
      status: row.status,
      mode: row.mode,
      assignedTo: row.owner === 0 ? null : row.owner === 1 ? ctx.staffId : -1,
      // The rollup keeps "no processing date" as 0001-01-01: due, as is any date not after today.
      processingDate: row.due ? null : '9999-12-31',
    };
    for (const key of FOLDER_KEYS) {
      if (isInFolder(key, subject, ctx)) counts[COUNT_FIELDS[key] as keyof FolderCounts] += Number(row.count);
    }
  }
  return counts;
}

/** One folder's size, from the rollup; `extra` narrows it further (e.g. a month of Future). */
export async function countFolder(db: DbOrTx, key: FolderKey, ctx: FolderContext, extra?: SQL): Promise<number> {
  const where = extra ? sql`${rollupWhere(key, ctx)} and ${extra}` : rollupWhere(key, ctx);
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(${orderRollup.count}), 0)::int as total from order_rollup where ${where}`,
  );
  return Number(row?.total ?? 0);
}
