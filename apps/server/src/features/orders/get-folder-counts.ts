import { COUNT_FIELDS, FOLDER_KEYS, type FolderCounts, type FolderKey } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderRollup } from '../../db/schema';
import { type FolderContext, rollupWhere } from './folder-sql';

/**
 * All fourteen folder counts (SPEC §3) in one statement over the rollup: one filtered sum per
 * folder, each filter being that folder's rule. The orders table is never counted.
 */
export async function getFolderCounts(db: DbOrTx, ctx: FolderContext): Promise<FolderCounts> {
  const sums = FOLDER_KEYS.map(
    (key) =>
      sql`coalesce(sum(${orderRollup.count}) filter (where ${rollupWhere(key, ctx)}), 0)::int as ${sql.identifier(key)}`,
  );
  const [row] = await queryRows<Record<FolderKey, number>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from order_rollup`,
  );
  const counts = {} as FolderCounts;
  for (const key of FOLDER_KEYS) counts[COUNT_FIELDS[key] as keyof FolderCounts] = Number(row?.[key] ?? 0);
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
