import type { Page } from '@playwright/test';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';
import { apiToken, signInThroughUi, staffPaths } from './support/staff';

/** The detail route's id codec (DESIGN §2); the domain package is not loadable from here. */
const encodeId = (orderId: number) =>
  Buffer.from(String(orderId * 2))
    .toString('base64')
    .replace(/=+$/, '');

/** Collects every Content-Security-Policy violation the page reports, from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      fromConsole.push(message.text());
    }
  });
  await page.addInitScript({
    content: `
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile + ':' + event.lineNumber);
      });`,
  });
  return async () => [...fromConsole, ...((await page.evaluate('window.__cspViolations ?? []')) as string[])];
}

test('the built app runs under its strict CSP: sign-in, a folder, the order detail and the visitor page', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  const orderId = await createOrder(request);

  const signIn = await page.goto(staffPaths.signIn);
  const csp = signIn?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signInThroughUi(page, DEMO_ACCOUNTS.Team, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/recent-order');
  await expect(page.locator('#folder-title')).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  await page.goto(`/admin/view-order/${encodeId(orderId)}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Order ${orderId}`) })).toBeVisible();
  await expect(page.getByText('Order Details').first()).toBeVisible();

  await page.goto(`/track-order/${orderId}`);
  await expect(page.getByRole('button', { name: 'TRACK ORDER' })).toBeVisible();

  expect(await violations()).toEqual([]);
});

test('a refused call is on the Admin’s Audit screen', async ({ page, request }) => {
  const team = await apiToken(request, DEMO_ACCOUNTS.Team, DEMO_PASSWORD);
  const refused = await request.get('/api/admin/get-team-member-list', { headers: { authorization: team } });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['cache-control']).toBe('no-store');

  const violations = await watchCsp(page);
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.audit);
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  await page.getByLabel('Action').fill('access-denied');
  const row = page.locator('.audit-table tbody tr').filter({ hasText: 'GET /api/admin/get-team-member-list' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('denied');
  expect(await violations()).toEqual([]);
});
