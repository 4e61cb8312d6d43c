import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';

/** Today's date in the business time zone (the e2e server runs with the default, New York). */
function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const body = await (
    await request.post('/api/admin/admin-login', { data: { email: DEMO_ACCOUNTS.Admin, password: DEMO_PASSWORD } })
  ).json();
  return body.jwtToken as string;
}

/** Dates are typed as the console shows them: DD/MM/YYYY. */
const typed = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;

async function setRange(page: Page, from: string, to: string) {
  await page.getByLabel('From', { exact: true }).fill(typed(from));
  await page.getByLabel('To', { exact: true }).fill(typed(to));
  await page.getByRole('button', { name: 'Submit' }).click();
}

const reportTable = (page: Page) => page.locator('table.report-table');

test('Country Order Details: date range, search by nationality, chart beside the table', async ({ page, request }) => {
  await createOrder(request, { nationality: 'Fiji', processing_mode: 'Priority' });
  await apiSignIn(page, 'Telecaller');
  await page.goto('/admin/country-order-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Country Order Details');
  await expect(page.getByText('Report loaded.')).toBeVisible();
  await expect(reportTable(page).locator('thead th')).toHaveText([
    'S. No',
    'State/Territory',
    'Order Count',
    'Standard Processing',
    'Priority Processing',
    'Future Order Processing',
  ]);
  await expect(page.locator('.report-table-scroll')).toHaveCSS('max-height', '550px');

  const today = businessToday();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/get-country-order-count'));
  await setRange(page, today, today);
  const body = await (await answer).json();
  expect(body.status).toBe(1);
  expect(JSON.parse((await answer).request().postData() ?? '{}')).toEqual({ fromDate: today, toDate: today });

  await page.getByRole('searchbox', { name: 'Search nationality' }).fill('fIJ');
  const rows = reportTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').nth(1)).toHaveText('Fiji');
  const fiji = body.data.find((r: { nationality: string }) => r.nationality === 'Fiji');
  expect(fiji.priority_count).toBeGreaterThanOrEqual(1);
  await expect(rows.first().locator('td').nth(2)).toHaveText(String(fiji.count));
  await expect(page.locator('.report-chart')).toContainText('Fiji');

  await page.getByRole('searchbox', { name: 'Search nationality' }).fill('no such country');
  await expect(reportTable(page).getByText('No records found')).toBeVisible();
});

test('Country Order Details refuses a range that runs backwards', async ({ page }) => {
  await apiSignIn(page, 'Team');
  await page.goto('/admin/country-order-list');
  await setRange(page, '2025-03-02', '2025-03-01');
  await expect(page.getByText('From date must not be after To date.')).toBeVisible();
});

test('Order Processed counts what a member completed in the range; Team may not open it', async ({ page, request }) => {
  const admin = await adminToken(request);
  const orderId = await createOrder(request);
  const moved = await request.put('/api/admin/change-order-status', {
    headers: { authorization: admin },
    data: { orderId: [orderId], updatingStatus: 'Completed' },
  });
  expect((await moved.json()).status).toBe(1);

  await apiSignIn(page, 'Manager');
  await page.goto('/admin/processed-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Processed');
  await expect(reportTable(page).locator('thead th')).toHaveText(['S. No', 'Name', 'Order Count']);
  const today = businessToday();
  await setRange(page, today, today);
  await expect(page.getByText('Report loaded.').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search name' }).fill('demo ADMIN');
  const row = reportTable(page).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('Demo Admin');
  expect(Number(await row.locator('td').nth(2).textContent())).toBeGreaterThanOrEqual(1);
});

test('Team sees no Order Processed report', async ({ page }) => {
  await apiSignIn(page, 'Team');
  await page.goto('/admin/processed-order');
  await expect(page.getByText('You do not have permission to use this screen.')).toBeVisible();
});
