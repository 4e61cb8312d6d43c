import {
  COUNT_FIELDS,
  FOLDER_KEYS,
  type FolderCounts,
  type FolderKey,
  isInFolder,
  zeroFolderCounts,
} from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderRollup } from '../../db/schema';
import { type FolderContext, rollupWhere } from './folder-sql';

/**
 * The rollup folded into what the folder rules can tell apart on a given day: status, mode,
 * who holds the orders (0: nobody) and whether they are due. A few dozen rows.
 */
export interface RollupGroup {
  status: string;
  mode: string;
  assignedTo: number;
  due: boolean;
  count: number;
}

export async function loadRollupGroups(db: DbOrTx, today: string): Promise<RollupGroup[]> {
  const rows = await queryRows<{ status: string; mode: string; assigned_to: number; due: boolean; count: number }>(
    db,
    sql`select status, mode, assigned_to, processing_date <= ${today}::date as due, sum(count)::int as count
      from order_rollup group by 1, 2, 3, 4`,
  );
  return rows.map((row) => ({
    status: row.status,
    mode: row.mode,
    assignedTo: Number(row.assigned_to),
    due: row.due,
    count: Number(row.count),
  }));
}

/**
 * All fourteen folder counts (SPEC §3) from the rollup groups, added up by the domain's own rules
 * (isInFolder over FOLDER_RULES): translating fourteen rules into SQL on every request cost more
 * CPU than the query itself.
 */
export function countFolders(groups: readonly RollupGroup[], ctx: FolderContext): Readonly<FolderCounts> {
  const known = countsByMember.get(groups);
  const key = `${ctx.staffId}|${ctx.today}`;
  const kept = known?.get(key);
  if (kept) return kept;
  const counts = addUpFolders(groups, ctx);
  // One member's counts change only with the groups (a new array once the rollup moves), so they
  // are added up once per member and groups, not on every poll of every console.
  if (known) {
    if (known.size >= MAX_KEPT_MEMBERS) known.clear();
    known.set(key, counts);
  } else {
    countsByMember.set(groups, new Map([[key, counts]]));
  }
  return counts;
}

const MAX_KEPT_MEMBERS = 1_000;
const countsByMember = new WeakMap<readonly RollupGroup[], Map<string, Readonly<FolderCounts>>>();

function addUpFolders(groups: readonly RollupGroup[], ctx: FolderContext): FolderCounts {
  const counts = zeroFolderCounts();
  for (const group of groups) {
    const subject = subjectOf(group);
    for (const key of FOLDER_KEYS) {
      if (isInFolder(key, subject, ctx)) counts[COUNT_FIELDS[key]] += group.count;
    }
  }
  return counts;
}

/** One folder's size from the rollup groups. */
export function sizeOfFolder(groups: readonly RollupGroup[], key: FolderKey, ctx: FolderContext): number {
  return groups.reduce((total, group) => (isInFolder(key, subjectOf(group), ctx) ? total + group.count : total), 0);
}

function subjectOf(group: RollupGroup) {
  return {
    status: group.status,
    mode: group.mode,
    assignedTo: group.assignedTo === 0 ? null : group.assignedTo,
    // The rollup keeps "no processing date" as 0001-01-01: due, as is any date not after today.
    processingDate: group.due ? null : '9999-12-31',
  };
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
