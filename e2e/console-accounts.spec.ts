import type { APIRequestContext, Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { expectAccessible } from './support/accessibility';
import { apiSignIn, createOrder, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';
import { apiToken, createMember, staffPaths } from './support/staff';

// The staff screens the operations console left without browser tests: Unlock and Reset 2FA on
// Manage Team, the code field of Update Password, the tracking-lock notice on the order page, and
// the chargeback panel and Disputes Report on a phone.
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const ZONED_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} E[SD]T/;

async function expectNoHorizontalOverflow(page: Page, width: number) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  // Nothing sticks out of the viewport either, even where an ancestor hides the overflow; inside
  // a scroll box (a wide table) the box scrolls, the page does not.
  const sticking = await page.evaluate<string[]>(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.closest('.table-responsive, .data-table-scroll, .report-table-scroll')) continue;
      if (box.right > ${width} + 1) out.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(box.right));
    }
    return out.slice(0, 5);
  })()`);
  expect(sticking).toEqual([]);
}

/** A member of its own with two-step verification on, and a session taken before it was. */
async function memberWithMfa(request: APIRequestContext) {
  const member = await createMember(request, 'Team', 'Two Step');
  const token = await apiToken(request, member.email, member.password);
  const setup = await (await request.post('/api/admin/mfa/setup', { headers: { authorization: token } })).json();
  const secret = setup.data.secret as string;
  const enabled = await request.post('/api/admin/mfa/enable', {
    headers: { authorization: token },
    data: { code: authenticator.generate(secret) },
  });
  expect((await enabled.json()).status, await enabled.text()).toBe(1);
  return { ...member, token, secret };
}

async function useSession(page: Page, token: string) {
  await page.addInitScript((accessToken) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('user', JSON.stringify({ accessToken }));
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

for (const vp of VIEWPORTS) {
  test.describe(`staff accounts and the order page at ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('Manage Team: an Admin unlocks a locked member and resets their two-step verification', async ({
      page,
      request,
      playwright,
    }) => {
      const member = await memberWithMfa(request);
      // Ten wrong passwords from a browser the member never signed in on lock the account
      // (LOGIN_ACCOUNT_LOCK_AFTER); the member's own browser is trusted and never locked out.
      const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      for (let i = 0; i < 10; i++) {
        await stranger.post('/api/admin/admin-login', { data: { email: member.email, password: `wrong-${i}` } });
      }
      await stranger.dispose();
      await apiSignIn(page, 'Admin');
      await page.goto(staffPaths.manageTeam);
      const row = page.getByRole('row').filter({ hasText: member.email });
      const unlock = row.getByRole('button', { name: `Unlock ${member.name}` });
      await expect(unlock).toBeVisible();
      await expect(unlock).toHaveAttribute('title', new RegExp(`^Locked until ${ZONED_TIME.source}$`));
      const reset = row.getByRole('button', { name: `Reset 2FA of ${member.name}` });
      await expect(reset).toHaveText('Reset 2FA');
      await page.screenshot({ path: `test-results/console/manage-team-locked-${vp.name}.png` });
      await expectAccessible(page);

      await unlock.click();
      await expect(page.locator('.Toastify__toast--success', { hasText: 'The account is unlocked.' })).toBeVisible();
      await expect(unlock).toHaveCount(0);
      // Unlocked: the right password signs in again (the code is still asked for).
      const signIn = await (
        await request.post('/api/admin/admin-login', { data: { email: member.email, password: member.password } })
      ).json();
      expect(signIn.message).not.toMatch(/locked/i);

      await reset.click();
      await expect(
        page.locator('.Toastify__toast--success', { hasText: 'Two-step verification has been reset.' }),
      ).toBeVisible();
      await expect(reset).toHaveCount(0);
      const after = await (
        await request.post('/api/admin/admin-login', { data: { email: member.email, password: member.password } })
      ).json();
      expect(typeof after.jwtToken).toBe('string');
    });

    test('Update Password asks a member with two-step verification for a code, and only them', async ({
      page,
      request,
    }) => {
      const member = await memberWithMfa(request);
      await useSession(page, member.token);
      await page.goto(staffPaths.changePassword);
      await expect(page.getByRole('heading', { name: 'Update Password' })).toBeVisible();
      const code = page.getByLabel('Code from your authenticator app');
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await page.screenshot({ path: `test-results/console/change-password-code-${vp.name}.png` });
      await expectAccessible(page);

      // A wrong code keeps the password and the session.
      await page.getByLabel('New Password').fill('a-new-password-1');
      await code.fill('000000');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.locator('.Toastify__toast--error')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${staffPaths.changePassword}$`));

      // A member without two-step verification sees no code field.
      const plain = await createMember(request, 'Team', 'No Two Step');
      const context = await page
        .context()
        .browser()
        ?.newContext({ viewport: { width: vp.width, height: vp.height } });
      if (!context) throw new Error('no browser');
      const other = await context.newPage();
      await useSession(other, await apiToken(request, plain.email, plain.password));
      await other.goto(new URL(staffPaths.changePassword, page.url()).href);
      await expect(other.getByLabel('New Password')).toBeVisible();
      await expect(other.getByLabel('Code from your authenticator app')).toHaveCount(0);
      await context.close();
    });

    test('the order page shows wrong e-mail guesses on the tracking page and clears them', async ({
      page,
      request,
    }) => {
      const orderId = await createOrder(request);
      const guessed = await request.post('/api/front/track-order', {
        data: { orderId: String(orderId), email: 'not.the.customer@example.com' },
      });
      expect(guessed.status()).toBeGreaterThanOrEqual(400);
      await apiSignIn(page, 'Team');
      await page.goto(viewOrder(orderId));
      const notice = page.locator('.alert', { hasText: 'wrong e-mail guesses' });
      await expect(notice).toHaveText(
        /The customer’s order page has seen wrong e-mail guesses \(1 in the last hour\)\./,
      );
      await expect(page.locator('#order-details')).toContainText(ZONED_TIME);
      await page.screenshot({ path: `test-results/console/tracking-lock-${vp.name}.png` });
      await expectAccessible(page);
      await notice.getByRole('button', { name: 'Clear lock' }).click();
      await expect(notice).toHaveCount(0);
    });
  });
}

test.describe('chargebacks at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chargeback panel and the Disputes Report fit a phone', async ({ page, request }) => {
    const token = await apiSignIn(page, 'Admin');
    const orderId = await createOrder(request);
    const moved = await request.put('/api/admin/change-order-status', {
      headers: { authorization: token },
      data: { orderId, updatingStatus: 'ChargeBack' },
    });
    expect((await moved.json()).status, await moved.text()).toBe(1);
    const saved = await request.put(`/api/admin/orders/${orderId}/dispute`, {
      headers: { authorization: token },
      data: { network: 'Visa', reasonCode: '13.1', amount: '49.00', state: 'needs_response' },
    });
    expect((await saved.json()).status, await saved.text()).toBe(1);

    await page.goto(viewOrder(orderId));
    const panel = page.locator('#chargeback');
    await expect(panel.getByRole('form', { name: 'Dispute' })).toBeVisible();
    const opened = panel.getByLabel('Opened');
    await expect(opened).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await opened.fill('02/11/2026');
    await expect(opened).toHaveValue('02/11/2026');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: 'test-results/console/chargeback-panel-375.png' });
    await expectNoHorizontalOverflow(page, 375);
    await expectAccessible(page, '#chargeback');

    await page.goto('/admin/dispute-report');
    await expect(page.getByRole('heading', { name: 'Disputes Report' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'By network' }).getByRole('row', { name: /Visa/ })).toBeVisible();
    const from = page.getByLabel('Opened from');
    await expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await from.fill('01/01/2020');
    await expect(page.getByRole('list', { name: 'Totals' })).toContainText('Disputes');
    await page.screenshot({ path: 'test-results/console/dispute-report-375.png', fullPage: true });
    await expectNoHorizontalOverflow(page, 375);
    await expectAccessible(page);
  });
});
