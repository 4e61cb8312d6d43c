import { FOLDERS, type FolderEntry, type FolderKey } from '@nzeta/domain/folders';
import type { IconName } from '../components/ui/icon';

export interface FolderLink {
  label: string;
  to: string;
  /** typed as the drawn icons: a folder icon the set does not draw fails to compile here */
  icon: IconName;
}

function linkOf(folder: FolderEntry): FolderLink {
  return { label: folder.menuLabel, to: folder.path, icon: folder.icon };
}

/** Each folder's menu name, screen and icon: for links to a folder from anywhere in the console. */
export const FOLDER_LINKS = Object.fromEntries(FOLDERS.map((folder) => [folder.key, linkOf(folder)])) as Record<
  FolderKey,
  FolderLink
>;
