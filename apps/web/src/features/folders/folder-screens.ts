import { can, type FolderKey, type Role } from '@nzeta/domain';

export type ColumnKey =
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

export interface FolderScreen {
  /** the page heading (SPEC §2.4) */
  title: string;
  columns: readonly ColumnKey[];
  /** Assign to me (SPEC §4: New and Priority folders) */
  canAssign?: boolean;
  /** Move to Original Folder (My Orders) */
  canRelease?: boolean;
  /** Refunded it (Refunds, every role) */
  canRefund?: boolean;
  /** no Delete at all (the orders are deleted already) */
  noDelete?: boolean;
  /** Restore (Deleted Orders: Admin, Manager) */
  canRestore?: boolean;
}

const DEFAULT_COLUMNS: readonly ColumnKey[] = ['id', 'name', 'email', 'telephone', 'date', 'status', 'action'];

/** One generic folder screen, configured per folder. */
export const FOLDER_SCREENS: Record<FolderKey, FolderScreen> = {
  myOrder: { title: 'My Orders', columns: DEFAULT_COLUMNS, canRelease: true },
  newOrder: { title: 'New Order', columns: DEFAULT_COLUMNS, canAssign: true },
  priorityOrder: { title: 'Priority Order', columns: DEFAULT_COLUMNS, canAssign: true },
  pendingOrder: { title: 'Pending Orders', columns: DEFAULT_COLUMNS },
  completedOrder: { title: 'Completed Orders', columns: DEFAULT_COLUMNS },
  awaitingOrder: { title: 'Awaiting Response', columns: DEFAULT_COLUMNS },
  awaitingGovtOrder: { title: 'Awaiting Govt', columns: DEFAULT_COLUMNS },
  // SPEC §2.4: the Telephone column is hidden here.
  contactCustomerOrder: { title: 'Contact Customer', columns: DEFAULT_COLUMNS.filter((c) => c !== 'telephone') },
  customerCalledOrder: { title: 'Customer Called', columns: DEFAULT_COLUMNS },
  allOrder: { title: 'Order History', columns: DEFAULT_COLUMNS },
  futureOrder: {
    title: 'Future Orders',
    columns: ['id', 'name', 'email', 'telephone', 'date', 'processDate', 'processMonth', 'status', 'action'],
  },
  deletedOrder: { title: 'Deleted Orders', columns: DEFAULT_COLUMNS, noDelete: true, canRestore: true },
  refundOrder: {
    title: 'Refunds',
    columns: ['id', 'email', 'telephone', 'date', 'refundDate', 'status', 'action'],
    canRefund: true,
  },
  // A work queue: the soonest deadline first (the server orders by respond-by date).
  chargeBack: {
    title: 'Charge Back',
    columns: ['id', 'name', 'email', 'telephone', 'date', 'respondBy', 'disputeState', 'action'],
  },
};

export interface FolderAbilities {
  canAssign: boolean;
  canRelease: boolean;
  canRefund: boolean;
  /** Restore the selected Deleted orders to the status each had */
  canRestore: boolean;
  /** Delete Order buttons and row Delete (SPEC §6) */
  canDelete: boolean;
  hasBulkActions: boolean;
}

/** What this role may do on this folder's screen; the server enforces the same rules. */
export function abilitiesFor(folder: FolderKey, role: Role | ''): FolderAbilities {
  const screen = FOLDER_SCREENS[folder];
  const canDelete =
    !!role && !screen.noDelete && can(role, folder === 'myOrder' ? 'orders.deleteMine' : 'orders.delete');
  const abilities = {
    canAssign: !!screen.canAssign,
    canRelease: !!screen.canRelease,
    canRefund: !!screen.canRefund && can(role, 'orders.refund'),
    canRestore: !!screen.canRestore && can(role, 'orders.restore'),
    canDelete,
  };
  return { ...abilities, hasBulkActions: Object.values(abilities).some(Boolean) };
}
