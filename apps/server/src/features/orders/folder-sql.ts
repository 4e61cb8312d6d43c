import { FOLDER_RULES, type FolderKey, type FolderRule } from '@nzeta/domain';
import { type AnyColumn, and, eq, gt, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { orderRollup, orders } from '../../db/schema';

/** Who is asking and which business day it is: the two inputs of every folder rule. */
export interface FolderContext {
  staffId: number;
  /** YYYY-MM-DD in BUSINESS_TZ (businessToday) */
  today: string;
}

/** The columns a rule reads, and how each table spells "none". */
interface RuleColumns {
  status: AnyColumn;
  mode: AnyColumn;
  assignedTo: AnyColumn;
  processingDate: AnyColumn;
  isUnassigned: SQL;
  /** processing date empty or not after today */
  isDue(today: string): SQL;
}

const orderColumns: RuleColumns = {
  status: orders.processStatus,
  mode: orders.processingMode,
  assignedTo: orders.assignedTo,
  processingDate: orders.processingDate,
  isUnassigned: isNull(orders.assignedTo),
  isDue: (today) => or(isNull(orders.processingDate), lte(orders.processingDate, today)) as SQL,
};

// The rollup keys "no assignee" as 0 and "no processing date" as 0001-01-01 (never after today).
const rollupColumns: RuleColumns = {
  status: orderRollup.status,
  mode: orderRollup.mode,
  assignedTo: orderRollup.assignedTo,
  processingDate: orderRollup.processingDate,
  isUnassigned: eq(orderRollup.assignedTo, 0).inlineParams(),
  isDue: (today) => lte(orderRollup.processingDate, today),
};

function translate(rule: FolderRule, columns: RuleColumns, ctx: FolderContext): SQL {
  const parts: SQL[] = [];
  // A rule's statuses and modes are its own constants, written into the text as literals: sent as
  // values, a plan PostgreSQL keeps for a prepared statement estimates `status = $1` as any status,
  // its cost differs from the plans for the real values, and the statement is planned afresh on
  // every call (docs/decisions.md). The member and the day stay values.
  if (rule.statuses) parts.push(inArray(columns.status, [...rule.statuses]).inlineParams());
  if (rule.excludeStatuses) parts.push(notInArray(columns.status, [...rule.excludeStatuses]).inlineParams());
  if (rule.modes) parts.push(inArray(columns.mode, [...rule.modes]).inlineParams());
  if (rule.excludeModes) parts.push(notInArray(columns.mode, [...rule.excludeModes]).inlineParams());
  if (rule.assignment === 'unassigned') parts.push(columns.isUnassigned);
  if (rule.assignment === 'mine') parts.push(eq(columns.assignedTo, ctx.staffId));
  if (rule.due === true) parts.push(columns.isDue(ctx.today));
  // An empty processing date is never after today: in orders it is NULL, in the rollup 0001-01-01.
  if (rule.due === false) parts.push(gt(columns.processingDate, ctx.today));
  return parts.length ? (and(...parts) as SQL) : sql`true`;
}

/**
 * The folder rule of DESIGN §2 (FOLDER_RULES, the same data isInFolder evaluates) as a condition
 * over `orders`: lists, search and export filter with it.
 */
export function folderWhere(key: FolderKey, ctx: FolderContext): SQL {
  return translate(FOLDER_RULES[key], orderColumns, ctx);
}

/** The same rule over `order_rollup`: counts are sums of rollup rows that satisfy it. */
export function rollupWhere(key: FolderKey, ctx: FolderContext): SQL {
  return translate(FOLDER_RULES[key], rollupColumns, ctx);
}
