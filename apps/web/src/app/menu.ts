import type { FolderKey } from '@nzeta/domain/folders';
import { can, type Permission, type Role } from '@nzeta/domain/roles';
import type { IconName } from '../components/ui/icon';
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

/** The side menu, in the order of SPEC §2.4, in four collapsible groups. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: 'dashboard' },
  { label: 'My Orders', group: 'Work queues', to: paths.admin.myOrder, icon: 'user', folder: 'myOrder' },
  { label: 'New Orders', group: 'Work queues', to: paths.admin.newOrder, icon: 'inbox', folder: 'newOrder' },
  {
    label: 'Priority Order',
    group: 'Work queues',
    to: paths.admin.priorityOrder,
    icon: 'star',
    folder: 'priorityOrder',
  },
  {
    label: 'Pending Orders',
    group: 'Work queues',
    to: paths.admin.pendingOrder,
    icon: 'clock',
    folder: 'pendingOrder',
  },
  {
    label: 'Completed Orders',
    group: 'Work queues',
    to: paths.admin.completedOrder,
    icon: 'check',
    folder: 'completedOrder',
  },
  {
    label: 'Awaiting Customer',
    group: 'Work queues',
    to: paths.admin.awaitingOrder,
    icon: 'hourglass',
    folder: 'awaitingOrder',
  },
  {
    label: 'Awaiting Govt',
    group: 'Work queues',
    to: paths.admin.awaitingGovtOrder,
    icon: 'bank',
    folder: 'awaitingGovtOrder',
  },
  {
    label: 'Contact Customer',
    group: 'Work queues',
    to: paths.admin.contactCustomerOrder,
    icon: 'phone',
    folder: 'contactCustomerOrder',
  },
  {
    label: 'Customer Called',
    group: 'Work queues',
    to: paths.admin.customerCalledOrder,
    icon: 'phoneDone',
    folder: 'customerCalledOrder',
  },
  {
    label: 'Order History',
    group: 'Work queues',
    to: paths.admin.allOrder,
    icon: 'history',
    folder: 'allOrder',
    permission: 'orders.history',
  },
  {
    label: 'Future Orders',
    group: 'Work queues',
    to: paths.admin.futureOrder,
    icon: 'calendar',
    folder: 'futureOrder',
  },
  {
    label: 'Deleted Orders',
    group: 'Work queues',
    to: paths.admin.deletedOrder,
    icon: 'trash',
    folder: 'deletedOrder',
  },
  { label: 'Refunds', group: 'Customers & money', to: paths.admin.refundOrder, icon: 'refund', folder: 'refundOrder' },
  {
    label: 'Charge Back',
    group: 'Customers & money',
    to: paths.admin.chargeBack,
    icon: 'dispute',
    folder: 'chargeBack',
  },
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
