import { FOLDERS, type FolderEntry, type FolderKey } from '@nzeta/domain/folders';
import { can, type Permission, type Role } from '@nzeta/domain/roles';
import type { IconName } from '../components/ui/icon';
import { FOLDER_LINKS } from '../config/folders';
import { paths } from '../config/paths';

export type MenuGroup = 'Work queues' | 'Customers & money' | 'Reports' | 'Administration';
export const MENU_GROUPS: readonly MenuGroup[] = ['Work queues', 'Customers & money', 'Reports', 'Administration'];

export interface MenuEntry {
  label: string;
  /** the collapsible section it sits in; none for Dashboard, always on top */
  group?: MenuGroup;
  to: string;
  icon: IconName;
  /** folder whose live count is shown beside the entry */
  folder?: FolderKey;
  permission?: Permission;
  /** roles that do not see the entry although the server would allow it (SPEC §6) */
  hiddenFor?: readonly Role[];
}

/** A folder's entry, from the folder table; its count is shown beside it. */
function folderEntry(folder: FolderEntry): MenuEntry {
  const { label, to, icon } = FOLDER_LINKS[folder.key];
  return { label, group: folder.menuGroup, to, icon, folder: folder.key, permission: folder.permission };
}

/**
 * The side menu, in the order of SPEC §2.4, in four collapsible groups: the folders in the folder
 * table's order, then the reports and the other screens (each shown within its group).
 */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: 'dashboard' },
  ...FOLDERS.map(folderEntry),
  { label: 'Country Order List', group: 'Reports', to: paths.admin.countryReport, icon: 'globe' },
  {
    label: 'Order Processed',
    group: 'Reports',
    to: paths.admin.processedReport,
    icon: 'chart',
    permission: 'reports.processed',
  },
  {
    label: 'Disputes Report',
    group: 'Reports',
    to: paths.admin.disputeReport,
    icon: 'chart',
    permission: 'reports.disputes',
  },
  { label: 'Manage Invoices', group: 'Customers & money', to: paths.admin.sendInvoice, icon: 'invoice' },
  {
    label: 'Manage Team',
    group: 'Administration',
    to: paths.admin.manageTeam,
    icon: 'team',
    permission: 'team.manage',
    hiddenFor: ['Night Staff'],
  },
  {
    label: 'Gateway Setting',
    group: 'Administration',
    to: paths.admin.gatewaySetting,
    icon: 'card',
    permission: 'gateways.manage',
    hiddenFor: ['Night Staff'],
  },
  {
    label: 'Change Password',
    group: 'Administration',
    to: paths.admin.changePassword,
    icon: 'key',
    hiddenFor: ['Night Staff'],
  },
  { label: 'Security', group: 'Administration', to: paths.admin.security, icon: 'lock' },
  {
    label: 'Settings',
    group: 'Administration',
    to: paths.admin.settings,
    icon: 'settings',
    permission: 'settings.manage',
  },
  { label: 'Audit', group: 'Administration', to: paths.admin.audit, icon: 'list', permission: 'audit.read' },
];

export function menuFor(role: Role | ''): MenuEntry[] {
  if (!role) return [];
  return MENU.filter(
    (entry) => (!entry.permission || can(role, entry.permission)) && !(entry.hiddenFor ?? []).includes(role),
  );
}
