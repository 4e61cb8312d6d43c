import type { Permission } from './roles';
import type { ProcessingMode, Status } from './statuses';

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

/** The side menu's collapsible sections that hold folders (SPEC §2.4). */
export type FolderMenuGroup = 'Work queues' | 'Customers & money';

/** Icons a folder may show; the web's icon set must draw every one (checked by its compiler). */
export type FolderIcon =
  | 'user'
  | 'inbox'
  | 'star'
  | 'clock'
  | 'check'
  | 'hourglass'
  | 'bank'
  | 'phone'
  | 'phoneDone'
  | 'history'
  | 'calendar'
  | 'trash'
  | 'refund'
  | 'dispute';

export type FolderColumn =
  | 'id'
  | 'name'
  | 'email'
  | 'telephone'
  | 'date'
  | 'refundDate'
  | 'processDate'
  | 'processMonth'
  | 'status'
  | 'respondBy'
  | 'disputeState'
  | 'action';

/** What a folder's screen offers; the role's permissions narrow it further (SPEC §6). */
export interface FolderAbilityFlags {
  /** Assign to me (SPEC §4: New and Priority folders) */
  assign?: boolean;
  /** Move to Original Folder (My Orders) */
  release?: boolean;
  /** Refunded it (Refunds) */
  refund?: boolean;
  /** Restore to the status each order had (Deleted Orders) */
  restore?: boolean;
  /** the permission Delete needs here; null: no Delete at all (the orders are deleted already) */
  delete: Permission | null;
}

/**
 * Everything that makes a folder, in one record: the server's count field and rule, the web's
 * route, menu entry and screen are all read from here, so adding a folder is this table plus the
 * server query it may need (docs/architecture.md).
 */
export interface FolderDefinition {
  key: string;
  /** the console route (SPEC §2.4) */
  path: `/admin/${string}`;
  /** the page heading (SPEC §2.4) */
  title: string;
  menuLabel: string;
  menuGroup: FolderMenuGroup;
  icon: FolderIcon;
  columns: readonly FolderColumn[];
  /** 'future': the month-by-month screen of Future Orders; 'list': the generic folder screen */
  screen: 'list' | 'future';
  abilities: FolderAbilityFlags;
  /** the field of the counts object (SPEC §3) */
  countField: string;
  rule: FolderRule;
  /** what opening the folder needs beyond signing in; the menu hides it from other roles */
  permission?: Permission;
  /** a global search hit is shown in the matching folder of lowest rank: the most specific first */
  searchRank: number;
  /** its orders run on a service-level clock: the screen offers the "Breaching soon" sort */
  clocked?: boolean;
  /** the screen filters by status (Order History holds every status) */
  statusFilter?: boolean;
}

const DEFAULT_COLUMNS = ['id', 'name', 'email', 'telephone', 'date', 'status', 'action'] as const;
const DELETE = { delete: 'orders.delete' } as const;

/** A row of the table, its key and count field typed. */
export type FolderEntry = FolderDefinition & { key: FolderKey; countField: FolderCountField };

const FOLDER_TABLE = [
  {
    key: 'myOrder',
    searchRank: 1,
    path: '/admin/my-order',
    title: 'My Orders',
    menuLabel: 'My Orders',
    menuGroup: 'Work queues',
    icon: 'user',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: { release: true, delete: 'orders.deleteMine' },
    clocked: true,
    countField: 'myOrdersCount',
    rule: { statuses: ['New'], assignment: 'mine' },
  },
  {
    key: 'newOrder',
    searchRank: 3,
    path: '/admin/recent-order',
    title: 'New Order',
    menuLabel: 'New Orders',
    menuGroup: 'Work queues',
    icon: 'inbox',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: { assign: true, ...DELETE },
    clocked: true,
    countField: 'newOrdersCount',
    rule: { statuses: ['New'], assignment: 'unassigned', excludeModes: ['Priority'], due: true },
  },
  {
    key: 'priorityOrder',
    searchRank: 2,
    path: '/admin/priority-order',
    title: 'Priority Order',
    menuLabel: 'Priority Order',
    menuGroup: 'Work queues',
    icon: 'star',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: { assign: true, ...DELETE },
    clocked: true,
    countField: 'priorityOrdersCount',
    rule: { statuses: ['New'], assignment: 'unassigned', modes: ['Priority'], due: true },
  },
  {
    key: 'pendingOrder',
    searchRank: 5,
    path: '/admin/pending-order',
    title: 'Pending Orders',
    menuLabel: 'Pending Orders',
    menuGroup: 'Work queues',
    icon: 'clock',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    clocked: true,
    countField: 'pendingOrdersCount',
    rule: { statuses: ['Pending'] },
  },
  {
    key: 'completedOrder',
    searchRank: 10,
    path: '/admin/completed-order',
    title: 'Completed Orders',
    menuLabel: 'Completed Orders',
    menuGroup: 'Work queues',
    icon: 'check',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    countField: 'completedOrdersCount',
    rule: { statuses: ['Completed'] },
  },
  {
    key: 'awaitingOrder',
    searchRank: 6,
    path: '/admin/awaiting-response',
    title: 'Awaiting Response',
    menuLabel: 'Awaiting Customer',
    menuGroup: 'Work queues',
    icon: 'hourglass',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    clocked: true,
    countField: 'awaitingOrdersCount',
    rule: { statuses: ['Awaiting'] },
  },
  {
    key: 'awaitingGovtOrder',
    searchRank: 7,
    path: '/admin/awaiting-govt',
    title: 'Awaiting Govt',
    menuLabel: 'Awaiting Govt',
    menuGroup: 'Work queues',
    icon: 'bank',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    clocked: true,
    countField: 'awaitingGovtCount',
    rule: { statuses: ['AwaitingGovt'] },
  },
  {
    key: 'contactCustomerOrder',
    searchRank: 8,
    path: '/admin/contact-customer',
    title: 'Contact Customer',
    menuLabel: 'Contact Customer',
    menuGroup: 'Work queues',
    icon: 'phone',
    // SPEC §2.4: the Telephone column is hidden here.
    columns: ['id', 'name', 'email', 'date', 'status', 'action'],
    screen: 'list',
    abilities: DELETE,
    clocked: true,
    countField: 'contactCustomerOrdersCount',
    rule: { statuses: ['Contact Customer'] },
  },
  {
    key: 'customerCalledOrder',
    searchRank: 9,
    path: '/admin/called',
    title: 'Customer Called',
    menuLabel: 'Customer Called',
    menuGroup: 'Work queues',
    icon: 'phoneDone',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    countField: 'customerCalledCount',
    rule: { statuses: ['Customer Called'] },
  },
  {
    key: 'allOrder',
    searchRank: 14,
    path: '/admin/order-history',
    title: 'Order History',
    menuLabel: 'Order History',
    menuGroup: 'Work queues',
    icon: 'history',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: DELETE,
    clocked: true,
    statusFilter: true,
    countField: 'allOrdersCount',
    rule: { excludeStatuses: ['Deleted'] },
    // SPEC §6: not for the Telecaller.
    permission: 'orders.history',
  },
  {
    key: 'futureOrder',
    searchRank: 4,
    path: '/admin/future-order',
    title: 'Future Orders',
    menuLabel: 'Future Orders',
    menuGroup: 'Work queues',
    icon: 'calendar',
    columns: ['id', 'name', 'email', 'telephone', 'date', 'processDate', 'processMonth', 'status', 'action'],
    screen: 'future',
    abilities: DELETE,
    countField: 'futureOrdersCount',
    rule: { statuses: ['New'], due: false },
  },
  {
    key: 'deletedOrder',
    searchRank: 13,
    path: '/admin/deleted-order',
    title: 'Deleted Orders',
    menuLabel: 'Deleted Orders',
    menuGroup: 'Work queues',
    icon: 'trash',
    columns: DEFAULT_COLUMNS,
    screen: 'list',
    abilities: { restore: true, delete: null },
    countField: 'deletedOrdersCount',
    rule: { statuses: ['Deleted'] },
  },
  {
    key: 'refundOrder',
    searchRank: 11,
    path: '/admin/refund-order',
    title: 'Refunds',
    menuLabel: 'Refunds',
    menuGroup: 'Customers & money',
    icon: 'refund',
    columns: ['id', 'email', 'telephone', 'date', 'refundDate', 'status', 'action'],
    screen: 'list',
    abilities: { refund: true, ...DELETE },
    countField: 'refundOrdersCount',
    rule: { statuses: ['Refunds'] },
  },
  {
    key: 'chargeBack',
    searchRank: 12,
    path: '/admin/chargeback',
    title: 'Charge Back',
    menuLabel: 'Charge Back',
    menuGroup: 'Customers & money',
    icon: 'dispute',
    // A work queue: the soonest deadline first (the server orders by respond-by date).
    columns: ['id', 'name', 'email', 'telephone', 'date', 'respondBy', 'disputeState', 'action'],
    screen: 'list',
    abilities: DELETE,
    countField: 'chargeBackCount',
    rule: { statuses: ['ChargeBack'] },
  },
] as const satisfies readonly FolderDefinition[];

/** The folders, in the menu's and the counts object's order. */
export const FOLDERS: readonly FolderEntry[] = FOLDER_TABLE;

export type FolderKey = (typeof FOLDER_TABLE)[number]['key'];
export type FolderCountField = (typeof FOLDER_TABLE)[number]['countField'];

export const FOLDER_KEYS: readonly FolderKey[] = FOLDERS.map((folder) => folder.key);

const BY_KEY: Record<FolderKey, FolderEntry> = mapFolders<FolderEntry>((folder) => folder);

/** A folder's record of the table. */
export function folderOf(key: FolderKey): FolderEntry {
  return BY_KEY[key];
}

/** Older callers spell some keys differently (SPEC §4). */
const FOLDER_ALIASES: Record<string, FolderKey> = { refundorder: 'refundOrder', chargeback: 'chargeBack' };

export function toFolderKey(value: string): FolderKey | undefined {
  if (Object.hasOwn(BY_KEY, value)) return value as FolderKey;
  const alias = value.toLowerCase();
  // Own keys only: '__proto__' or 'constructor' must not resolve to Object's members.
  return Object.hasOwn(FOLDER_ALIASES, alias) ? FOLDER_ALIASES[alias] : undefined;
}

export const FOLDER_RULES: Record<FolderKey, FolderRule> = mapFolders((folder) => folder.rule);

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
export const COUNT_FIELDS: Record<FolderKey, FolderCountField> = mapFolders((folder) => folder.countField);

export type FolderCounts = Record<FolderCountField, number>;

/** The folders a search hit may be shown in, the most specific first, Order History last. */
export const FOLDER_SEARCH_PREFERENCE: readonly FolderKey[] = [...FOLDERS]
  .sort((a, b) => a.searchRank - b.searchRank)
  .map((folder) => folder.key);

/** An empty counts object, its fields in the table's order (the order the answer lists them). */
export function zeroFolderCounts(): FolderCounts {
  return Object.fromEntries(FOLDERS.map((folder) => [folder.countField, 0])) as FolderCounts;
}

function mapFolders<T>(pick: (folder: FolderEntry) => T): Record<FolderKey, T> {
  return Object.fromEntries(FOLDERS.map((folder) => [folder.key, pick(folder)])) as Record<FolderKey, T>;
}

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
