import { can, type FolderColumn, type FolderKey, folderOf, type Role } from '@nzeta/domain';

export type ColumnKey = FolderColumn;

export interface FolderScreen {
  /** the page heading (SPEC §2.4) */
  title: string;
  columns: readonly ColumnKey[];
}

/** One generic folder screen, configured per folder by the folder table. */
export function folderScreen(folder: FolderKey): FolderScreen {
  const { title, columns } = folderOf(folder);
  return { title, columns };
}

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
  const flags = folderOf(folder).abilities;
  const abilities = {
    canAssign: !!flags.assign,
    canRelease: !!flags.release,
    canRefund: !!flags.refund && can(role, 'orders.refund'),
    canRestore: !!flags.restore && can(role, 'orders.restore'),
    canDelete: !!role && flags.delete !== null && can(role, flags.delete),
  };
  return { ...abilities, hasBulkActions: Object.values(abilities).some(Boolean) };
}
