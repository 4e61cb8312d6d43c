import type { FolderKey } from '@nzeta/domain/folders';
import { can, type Permission, type Role } from '@nzeta/domain/roles';
import type { IconName } from '../components/ui/icon';
import { paths } from '../config/paths';

export interface MenuEntry {
  label: string;
  to: string;
  icon: IconName;
  /** folder whose live count is shown beside the entry */
  folder?: FolderKey;
  permission?: Permission;
  /** roles that do not see the entry although the server would allow it (SPEC §6) */
  hiddenFor?: readonly Role[];
}

/** The side menu, in the order of SPEC §2.4. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: 'dashboard' },
  { label: 'My Orders', to: paths.admin.myOrder, icon: 'user', folder: 'myOrder' },
  { label: 'New Orders', to: paths.admin.newOrder, icon: 'inbox', folder: 'newOrder' },
  { label: 'Priority Order', to: paths.admin.priorityOrder, icon: 'star', folder: 'priorityOrder' },
  { label: 'Pending Orders', to: paths.admin.pendingOrder, icon: 'clock', folder: 'pendingOrder' },
  { label: 'Completed Orders', to: paths.admin.completedOrder, icon: 'check', folder: 'completedOrder' },
  { label: 'Awaiting Customer', to: paths.admin.awaitingOrder, icon: 'hourglass', folder: 'awaitingOrder' },
  { label: 'Awaiting Govt', to: paths.admin.awaitingGovtOrder, icon: 'bank', folder: 'awaitingGovtOrder' },
  { label: 'Contact Customer', to: paths.admin.contactCustomerOrder, icon: 'phone', folder: 'contactCustomerOrder' },
  { label: 'Customer Called', to: paths.admin.customerCalledOrder, icon: 'phoneDone', folder: 'customerCalledOrder' },
  {
    label: 'Order History',
    to: paths.admin.allOrder,
    icon: 'history',
    folder: 'allOrder',
    permission: 'orders.history',
  },
  { label: 'Future Orders', to: paths.admin.futureOrder, icon: 'calendar', folder: 'futureOrder' },
  { label: 'Deleted Orders', to: paths.admin.deletedOrder, icon: 'trash', folder: 'deletedOrder' },
  { label: 'Refunds', to: paths.admin.refundOrder, icon: 'refund', folder: 'refundOrder' },
  { label: 'Charge Back', to: paths.admin.chargeBack, icon: 'shield', folder: 'chargeBack' },
  { label: 'Country Order List', to: paths.admin.countryReport, icon: 'globe' },
  { label: 'Order Processed', to: paths.admin.processedReport, icon: 'chart', permission: 'reports.processed' },
  { label: 'Disputes Report', to: paths.admin.disputeReport, icon: 'chart', permission: 'reports.disputes' },
  { label: 'Manage Invoices', to: paths.admin.sendInvoice, icon: 'invoice' },
  {
    label: 'Manage Team',
    to: paths.admin.manageTeam,
    icon: 'team',
    permission: 'team.manage',
    hiddenFor: ['Night Staff'],
  },
  {
    label: 'Gateway Setting',
    to: paths.admin.gatewaySetting,
    icon: 'card',
    permission: 'gateways.manage',
    hiddenFor: ['Night Staff'],
  },
  { label: 'Change Password', to: paths.admin.changePassword, icon: 'key', hiddenFor: ['Night Staff'] },
  { label: 'Security', to: paths.admin.security, icon: 'shield' },
  { label: 'Settings', to: paths.admin.settings, icon: 'settings', permission: 'settings.manage' },
  { label: 'Audit', to: paths.admin.audit, icon: 'list', permission: 'audit.read' },
];

export function menuFor(role: Role | ''): MenuEntry[] {
  if (!role) return [];
  return MENU.filter(
    (entry) => (!entry.permission || can(role, entry.permission)) && !(entry.hiddenFor ?? []).includes(role),
  );
}
