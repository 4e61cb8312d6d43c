import type { ProcessingMode, Status } from './statuses';

export const FOLDER_KEYS = [
  'myOrder',
  'newOrder',
  'priorityOrder',
  'pendingOrder',
  'completedOrder',
  'awaitingOrder',
  'awaitingGovtOrder',
  'contactCustomerOrder',
  'customerCalledOrder',
  'allOrder',
  'futureOrder',
  'deletedOrder',
  'refundOrder',
  'chargeBack',
] as const;
export type FolderKey = (typeof FOLDER_KEYS)[number];

/** Older callers spell some keys differently (SPEC §4). */
const FOLDER_ALIASES: Record<string, FolderKey> = { refundorder: 'refundOrder', chargeback: 'chargeBack' };

export function toFolderKey(value: string): FolderKey | undefined {
  if ((FOLDER_KEYS as readonly string[]).includes(value)) return value as FolderKey;
  const alias = value.toLowerCase();
  // Own keys only: '__proto__' or 'constructor' must not resolve to Object's members.
  return Object.hasOwn(FOLDER_ALIASES, alias) ? FOLDER_ALIASES[alias] : undefined;
}

/**
 * One rule per folder (DESIGN §2), written as data so the server turns it into SQL and the
 * client and tests can evaluate it directly: counts, lists and search can never disagree.
 */
export interface FolderRule {
  statuses?: readonly Status[];
  excludeStatuses?: readonly Status[];
  assignment?: 'unassigned' | 'mine';
  modes?: readonly ProcessingMode[];
  excludeModes?: readonly ProcessingMode[];
  /** true: processing date empty or not after today; false: processing date after today. */
  due?: boolean;
}

export const FOLDER_RULES: Record<FolderKey, FolderRule> = {
  newOrder: { statuses: ['New'], assignment: 'unassigned', excludeModes: ['Priority'], due: true },
  priorityOrder: { statuses: ['New'], assignment: 'unassigned', modes: ['Priority'], due: true },
  myOrder: { statuses: ['New'], assignment: 'mine' },
  pendingOrder: { statuses: ['Pending'] },
  completedOrder: { statuses: ['Completed'] },
  awaitingOrder: { statuses: ['Awaiting'] },
  awaitingGovtOrder: { statuses: ['AwaitingGovt'] },
  contactCustomerOrder: { statuses: ['Contact Customer'] },
  customerCalledOrder: { statuses: ['Customer Called'] },
  allOrder: { excludeStatuses: ['Deleted'] },
  futureOrder: { statuses: ['New'], due: false },
  deletedOrder: { statuses: ['Deleted'] },
  refundOrder: { statuses: ['Refunds'] },
  chargeBack: { statuses: ['ChargeBack'] },
};

export interface FolderSubject {
  status: string;
  mode: string;
  assignedTo: number | null;
  /** ISO date (YYYY-MM-DD) or null */
  processingDate: string | null;
}

/** Evaluates a folder rule; `today` is the business-time-zone date as YYYY-MM-DD. */
export function isInFolder(key: FolderKey, order: FolderSubject, ctx: { staffId: number; today: string }): boolean {
  const rule = FOLDER_RULES[key];
  if (rule.statuses && !(rule.statuses as readonly string[]).includes(order.status)) return false;
  if (rule.excludeStatuses && (rule.excludeStatuses as readonly string[]).includes(order.status)) return false;
  if (rule.modes && !(rule.modes as readonly string[]).includes(order.mode)) return false;
  if (rule.excludeModes && (rule.excludeModes as readonly string[]).includes(order.mode)) return false;
  if (rule.assignment === 'unassigned' && order.assignedTo !== null) return false;
  if (rule.assignment === 'mine' && order.assignedTo !== ctx.staffId) return false;
  if (rule.due !== undefined) {
    const isDue = order.processingDate === null || order.processingDate <= ctx.today;
    if (isDue !== rule.due) return false;
  }
  return true;
}

/** The counts object of SPEC §3, keyed by folder. */
export const COUNT_FIELDS: Record<FolderKey, string> = {
  myOrder: 'myOrdersCount',
  newOrder: 'newOrdersCount',
  priorityOrder: 'priorityOrdersCount',
  pendingOrder: 'pendingOrdersCount',
  completedOrder: 'completedOrdersCount',
  awaitingOrder: 'awaitingOrdersCount',
  awaitingGovtOrder: 'awaitingGovtCount',
  contactCustomerOrder: 'contactCustomerOrdersCount',
  customerCalledOrder: 'customerCalledCount',
  allOrder: 'allOrdersCount',
  futureOrder: 'futureOrdersCount',
  deletedOrder: 'deletedOrdersCount',
  refundOrder: 'refundOrdersCount',
  chargeBack: 'chargeBackCount',
};

export type FolderCounts = Record<
  | 'myOrdersCount'
  | 'newOrdersCount'
  | 'priorityOrdersCount'
  | 'pendingOrdersCount'
  | 'completedOrdersCount'
  | 'awaitingOrdersCount'
  | 'awaitingGovtCount'
  | 'contactCustomerOrdersCount'
  | 'customerCalledCount'
  | 'allOrdersCount'
  | 'futureOrdersCount'
  | 'deletedOrdersCount'
  | 'refundOrdersCount'
  | 'chargeBackCount',
  number
>;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export type Month = (typeof MONTHS)[number];

export const PAGE_SIZES = [10, 25, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page size a request may name (larger is refused 400). */
export const MAX_PAGE_SIZE = 100_000;
/**
 * Rows one answer carries at most, whatever page size was asked: 'All' arrives in chunks of this
 * many, following the cursor (a single 16 MB answer stalled the embedded database's event loop).
 */
export const MAX_ROWS_PER_ANSWER = 1_000;

/** The work queues the operations dashboard shows, in the menu's order (server and screen alike). */
export const DASHBOARD_QUEUES: readonly FolderKey[] = [
  'newOrder',
  'priorityOrder',
  'myOrder',
  'pendingOrder',
  'awaitingOrder',
  'awaitingGovtOrder',
  'contactCustomerOrder',
];
