import type { FolderKey } from '@nzeta/domain/folders';
import type { IconName } from '../components/ui/icon';
import { paths } from './paths';

/** Each folder's menu name, screen and icon: for links to a folder from anywhere in the console. */
export const FOLDER_LINKS: Record<FolderKey, { label: string; to: string; icon: IconName }> = {
  myOrder: { label: 'My Orders', to: paths.admin.myOrder, icon: 'user' },
  newOrder: { label: 'New Orders', to: paths.admin.newOrder, icon: 'inbox' },
  priorityOrder: { label: 'Priority Order', to: paths.admin.priorityOrder, icon: 'star' },
  pendingOrder: { label: 'Pending Orders', to: paths.admin.pendingOrder, icon: 'clock' },
  completedOrder: { label: 'Completed Orders', to: paths.admin.completedOrder, icon: 'check' },
  awaitingOrder: { label: 'Awaiting Customer', to: paths.admin.awaitingOrder, icon: 'hourglass' },
  awaitingGovtOrder: { label: 'Awaiting Govt', to: paths.admin.awaitingGovtOrder, icon: 'bank' },
  contactCustomerOrder: { label: 'Contact Customer', to: paths.admin.contactCustomerOrder, icon: 'phone' },
  customerCalledOrder: { label: 'Customer Called', to: paths.admin.customerCalledOrder, icon: 'phoneDone' },
  allOrder: { label: 'Order History', to: paths.admin.allOrder, icon: 'history' },
  futureOrder: { label: 'Future Orders', to: paths.admin.futureOrder, icon: 'calendar' },
  deletedOrder: { label: 'Deleted Orders', to: paths.admin.deletedOrder, icon: 'trash' },
  refundOrder: { label: 'Refunds', to: paths.admin.refundOrder, icon: 'refund' },
  chargeBack: { label: 'Charge Back', to: paths.admin.chargeBack, icon: 'dispute' },
};
