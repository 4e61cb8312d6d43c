import { can, FOLDERS, ROLES } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { FOLDER_LINKS } from '../config/folders';
import { paths } from '../config/paths';
import { abilitiesFor, folderScreen } from '../features/folders/folder-screens';
import { menuFor } from './menu';
import { FOLDER_ROUTES } from './router';

// Adding a folder is a row of the folder table: the menu, the router and the screens follow it.
describe('the console derives its folders from the folder table', () => {
  it.each(ROLES)('the menu of %s lists exactly the folders the role may open, in table order', (role) => {
    const listed = menuFor(role).filter((entry) => entry.folder);
    const expected = FOLDERS.filter((folder) => !folder.permission || can(role, folder.permission));
    expect(listed.map((entry) => entry.folder)).toEqual(expected.map((folder) => folder.key));
    expect(listed.map((entry) => [entry.label, entry.to, entry.icon, entry.group])).toEqual(
      expected.map((folder) => [folder.menuLabel, folder.path, folder.icon, folder.menuGroup]),
    );
  });

  it('the router has one route per folder, at the folder’s path', () => {
    expect(FOLDER_ROUTES.map((route) => [route.folder, route.path])).toEqual(
      FOLDERS.map((folder) => [folder.key, folder.path]),
    );
  });

  it('every folder has its path, link, screen and abilities', () => {
    for (const folder of FOLDERS) {
      expect(paths.admin[folder.key]).toBe(folder.path);
      expect(FOLDER_LINKS[folder.key]).toEqual({ label: folder.menuLabel, to: folder.path, icon: folder.icon });
      expect(folderScreen(folder.key)).toEqual({ title: folder.title, columns: folder.columns });
      expect(abilitiesFor(folder.key, 'Admin').canDelete).toBe(folder.abilities.delete !== null);
    }
  });

  it('keeps the abilities of SPEC §4 and §6 per role', () => {
    expect(abilitiesFor('newOrder', 'Team')).toMatchObject({ canAssign: true, canDelete: false });
    expect(abilitiesFor('myOrder', 'Admin')).toMatchObject({ canRelease: true, canDelete: true });
    expect(abilitiesFor('myOrder', 'Manager')).toMatchObject({ canRelease: true, canDelete: false });
    expect(abilitiesFor('deletedOrder', 'Manager')).toMatchObject({ canRestore: true, canDelete: false });
    expect(abilitiesFor('deletedOrder', 'Team')).toMatchObject({ canRestore: false, hasBulkActions: false });
    expect(abilitiesFor('refundOrder', 'Telecaller')).toMatchObject({ canRefund: true, canDelete: false });
    expect(abilitiesFor('pendingOrder', 'Team').hasBulkActions).toBe(false);
    expect(abilitiesFor('pendingOrder', 'Manager').hasBulkActions).toBe(true);
  });
});
