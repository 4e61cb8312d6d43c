import { can, type FolderKey, folderOf } from '@nzeta/domain';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import { FolderList } from './folder-list';

/**
 * A folder route of SPEC §2.4. A folder the role may not open (Order History for the Telecaller,
 * SPEC §6) shows its title and no list.
 */
export function FolderPage({ folder }: { folder: FolderKey }) {
  const { role } = useAuth();
  const { permission, title } = folderOf(folder);
  if (permission && !can(role, permission)) return <NoAccess title={title} />;
  return <FolderList folder={folder} />;
}
