import { authenticator } from 'otplib';
import { apiSignIn, expect, test } from './support/fixtures';
import { createMember, signInThroughUi, staffPaths, uniqueSuffix } from './support/staff';

/** A code for a later 30-second step: accepted now, and never one already used. */
const codeAhead = (secret: string, steps: number) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

test('a Manager switches the payment gateway; exactly one stays active', async ({ page }) => {
  await apiSignIn(page, 'Manager');
  await page.goto(staffPaths.gatewaySetting);
  await expect(page.getByRole('heading', { name: 'Change Gateway', level: 1 })).toBeVisible();
  const list = page.locator('.gateway-list');
  const select = page.getByLabel('Gateway', { exact: true });
  // The select starts on the gateway in use; emptied, it is refused.
  const active = list.locator('li.is-active .gateway-name');
  await expect(active).toHaveCount(1);
  await expect(select.locator('option:checked')).toHaveText((await active.textContent()) ?? 'none active');
  await select.selectOption({ label: 'Select gateway' });
  await page.getByRole('button', { name: 'Update Gateway' }).click();
  await expect(page.getByText('Please select gateway.')).toBeVisible();

  for (const gateway of ['PayPal', 'Stripe']) {
    await select.selectOption({ label: gateway });
    await page.getByRole('button', { name: 'Update Gateway' }).click();
    await expect(page.getByText('Payment gateway updated successfully.').first()).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: gateway })).toContainText('Active');
    await expect(list.getByText('Active', { exact: true })).toHaveCount(1);
  }
});

test('a member changes their password and is signed out', async ({ page, request }) => {
  const member = await createMember(request, 'Telecaller', 'Password Change');
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(staffPaths.dashboard);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Update Password', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Please enter your New Password.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New Password must be at least 6 characters.')).toBeVisible();

  const newPassword = `new-${uniqueSuffix()}`;
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(staffPaths.signIn);
  expect(await page.evaluate(() => localStorage.getItem('user') ?? sessionStorage.getItem('user'))).toBeNull();

  await signInThroughUi(page, member.email, member.password);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInThroughUi(page, member.email, newPassword);
  await expect(page).toHaveURL(staffPaths.dashboard);
});

test('a member turns on two-step verification and then signs in with a code', async ({ page, request }) => {
  const member = await createMember(request, 'Team', 'Two Step');
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(staffPaths.dashboard);
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.locator('.mfa-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Please enter the code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Code from the app').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on.')).toBeVisible();
  // The codes come with the answer that turns verification on: wait for them, not just the heading.
  await expect(page.locator('.recovery-code-list code')).toHaveCount(10);
  const codes = await page.locator('.recovery-code-list code').allTextContents();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.locator('.recovery-code-list')).toHaveCount(0);
  await expect(page.getByText('10 unused recovery codes left.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signInThroughUi(page, member.email, member.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await codeField.fill(codeAhead(secret, 1));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(staffPaths.dashboard);

  // A recovery code turns it off again (a lost phone).
  await page.goto(staffPaths.security);
  await page.getByLabel('Code from the app, or a recovery code').fill(codes[0] as string);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-step verification' })).toBeVisible();
});

test('an Admin edits the support contacts in Settings', async ({ page }) => {
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.settings);
  const phone = page.getByLabel('Support phone');
  await expect(phone).not.toHaveValue('');
  const original = await phone.inputValue();

  await phone.fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Please enter the support phone number.')).toBeVisible();

  const changed = `+64 9 555 ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await phone.fill(changed);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Support phone')).toHaveValue(changed);
  // Leave the shared demo settings as they were.
  await page.getByLabel('Support phone').fill(original);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully.').first()).toBeVisible();
});

test('an Admin reads the audit trail, filtered by member', async ({ page, request }) => {
  const member = await createMember(request, 'Team', 'Audited');
  await request.post('/api/admin/admin-login', { data: { email: member.email, password: member.password } });
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.audit);
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  await page.getByLabel('Member', { exact: true }).fill(member.name);
  const rows = page.locator('.audit-table tbody tr');
  await expect(rows.first()).toContainText(member.name);
  await expect(rows.filter({ hasText: 'sign-in' })).toHaveCount(1);
});

test('Settings and Audit are refused to a Manager', async ({ page }) => {
  await apiSignIn(page, 'Manager');
  for (const path of [staffPaths.settings, staffPaths.audit]) {
    await page.goto(path);
    await expect(page.getByText('You do not have permission to use this screen.')).toBeVisible();
  }
});
