import { can, type FolderKey } from '@nzeta/domain';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import { FOLDER_SCREENS } from '../folder-screens';
import { FolderList } from './folder-list';

/** A folder route of SPEC §2.4. Order History is not for the Telecaller (SPEC §6). */
export function FolderPage({ folder }: { folder: FolderKey }) {
  const { role } = useAuth();
  if (folder === 'allOrder' && !can(role, 'orders.history')) return <NoAccess title={FOLDER_SCREENS[folder].title} />;
  return <FolderList folder={folder} />;
}

/** Refunds (SPEC §2.6): the generic screen with the refund columns and 'Refunded it'. */
export function RefundsPage() {
  return <FolderList folder="refundOrder" />;
}
