import { apiSignIn, expect, test } from './support/fixtures';
import { createMember, staffPaths, uniqueSuffix } from './support/staff';

test('an Admin adds, edits and deletes a team member', async ({ page }) => {
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.manageTeam);
  await expect(page.getByRole('heading', { name: 'Manage Team', level: 1 })).toBeVisible();

  // SPEC §5 messages under each field
  await page.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page.getByText('Please select type.')).toBeVisible();

  const suffix = uniqueSuffix();
  const name = `Aroha Test ${suffix}`;
  const email = `aroha.${suffix}@example.com`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(`pw-${suffix}`);
  await page.getByLabel('Type', { exact: true }).selectOption('Telecaller');
  await page.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('Team member added successfully.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Telecaller');
  await expect(row).toContainText('••••••••');
  await expect(row).not.toContainText(`pw-${suffix}`);

  // A second member with the same address is refused with the server's message.
  await page.getByLabel('Name', { exact: true }).fill('Someone Else');
  await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('another-1');
  await page.getByLabel('Type', { exact: true }).selectOption('Team');
  await page.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('A team member with this email already exists.')).toBeVisible();

  // Edit: the form is prefilled from the member's info.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/manage-team\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Team Member' })).toBeVisible();
  // The side menu still shows where the member is: Manage Team, not nothing.
  await expect(page.getByRole('link', { name: 'Manage Team', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('Telecaller');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Name', { exact: true }).fill(`${name} Edited`);
  await page.getByLabel('Type', { exact: true }).selectOption('Team');
  await page.getByRole('button', { name: 'Update Member' }).click();
  await expect(page.getByText('Team member updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(staffPaths.manageTeam);
  await expect(row).toContainText(`${name} Edited`);
  await expect(row).toContainText('Team');

  // Delete: No keeps the member, Yes removes them.
  await row.getByRole('button', { name: `Delete ${name} Edited` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete?');
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name} Edited` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Team member deleted successfully.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('Escape closes the delete dialog without deleting', async ({ page, request }) => {
  const member = await createMember(request, 'Night Staff', 'Escape Test');
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.manageTeam);
  const deleteButton = page.getByRole('button', { name: `Delete ${member.name}` });
  await deleteButton.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: member.email })).toBeVisible();
});

test('a Manager is offered no Admin type and no actions on Admin rows', async ({ page, request }) => {
  const member = await createMember(request, 'Telecaller', 'Managed');
  await apiSignIn(page, 'Manager');
  await page.goto(staffPaths.manageTeam);
  await expect(page.getByLabel('Type', { exact: true }).locator('option')).toHaveText([
    'Select type',
    'Manager',
    'Team',
    'Telecaller',
    'Night Staff',
  ]);
  const adminRow = page.getByRole('row').filter({ hasText: 'admin@example.com' });
  await expect(adminRow).toContainText('Admin');
  await expect(adminRow.getByRole('link')).toHaveCount(0);
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  const memberRow = page.getByRole('row').filter({ hasText: member.email });
  await expect(memberRow.getByRole('link', { name: `Edit ${member.name}` })).toBeVisible();
  await expect(memberRow.getByRole('button', { name: `Delete ${member.name}` })).toBeVisible();
});

test('roles without team management see no team screen', async ({ page }) => {
  await apiSignIn(page, 'Team');
  await page.goto(staffPaths.manageTeam);
  await expect(page.getByText('You do not have permission to use this screen.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the form and the member cards fit the screen', async ({ page }, testInfo) => {
    await apiSignIn(page, 'Admin');
    await page.goto(staffPaths.manageTeam);
    await expect(page.getByRole('row').filter({ hasText: 'manager@example.com' })).toBeVisible();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('manage-team-375.png'), fullPage: true });
  });
});
