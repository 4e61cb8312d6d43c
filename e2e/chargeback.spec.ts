import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { apiSignIn, createOrder, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';

// The folder's route of apps/web/src/config/paths.ts (that module pulls the domain package).
const chargeBackFolder = '/admin/chargeback';
const DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** YYYY-MM-DD of today plus `days` in the business time zone (America/New_York, the default). */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
/** How the console's date pickers show and take a day: DD/MM/YYYY. */
const typed = (isoDay: string) => isoDay.split('-').reverse().join('/');
const PIXEL_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.113 Mobile Safari/537.36';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function toChargeBack(request: APIRequestContext, token: string, orderId: number, respondBy: string | null) {
  const moved = await request.put('/api/admin/change-order-status', {
    headers: { authorization: token },
    data: { orderId, updatingStatus: 'ChargeBack' },
  });
  expect((await moved.json()).status, await moved.text()).toBe(1);
  const saved = await request.put(`/api/admin/orders/${orderId}/dispute`, {
    headers: { authorization: token },
    data: { network: 'Mastercard', reasonCode: '4853', respondBy, state: 'needs_response' },
  });
  expect((await saved.json()).status, await saved.text()).toBe(1);
}

test('moving an order to ChargeBack asks for the deadline and reason and opens the dispute', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Team');
  await page.goto(viewOrder(orderId));
  await page.getByRole('button', { name: 'Move to ChargeBack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to ChargeBack' });
  await dialog.getByRole('button', { name: 'Move to ChargeBack' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter the respond-by date.');
  await expect(page.locator('.status-pill')).not.toHaveText('ChargeBack');

  await dialog.getByLabel('Respond by').fill(typed(businessDay(5)));
  await dialog.getByLabel('Card network').selectOption('Visa');
  await dialog.getByLabel('Reason code').fill('13.1');
  await dialog.getByRole('button', { name: 'Move to ChargeBack' }).click();
  await expect(page.locator('.Toastify__toast--success', { hasText: 'Order moved to ChargeBack.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.status-pill')).toHaveText('ChargeBack');

  const panel = page.locator('#chargeback');
  const form = panel.getByRole('form', { name: 'Dispute' });
  await expect(form.getByLabel('Respond by')).toHaveValue(typed(businessDay(5)));
  await expect(form.getByLabel('Reason code')).toHaveValue('13.1');
  await expect(form).toContainText('13.1 – Services not provided or merchandise not received');
  await expect(form.getByTestId('deadline-badge')).toHaveText('5 days left');
  // A Team member may edit the dispute but not record an outcome.
  await expect(form.getByRole('option', { name: 'Won (Admin or Manager)' })).toBeDisabled();
});

test('the Charge Back folder is a work queue: soonest deadline first, days-left badges, the dashboard tile', async ({
  page,
  request,
}) => {
  const tag = `queue${unique()}`;
  const make = () => createOrder(request, { last_name: `Tester ${tag}` });
  const [later, overdue, none, soon] = [await make(), await make(), await make(), await make()];
  const token = await apiSignIn(page, 'Manager');
  await toChargeBack(request, token, later, businessDay(9));
  await toChargeBack(request, token, overdue, businessDay(-1));
  await toChargeBack(request, token, none, null);
  await toChargeBack(request, token, soon, businessDay(2));

  await page.goto(`${chargeBackFolder}?q=${tag}`);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.locator('.order-id')).toHaveText([String(overdue), String(soon), String(later), String(none)]);
  const badges = rows.getByTestId('deadline-badge');
  await expect(badges).toHaveText(['Overdue 1 day', '2 days left', '9 days left', 'No deadline']);
  await expect(badges.nth(0)).toHaveClass(/text-bg-danger/);
  await expect(badges.nth(1)).toHaveClass(/text-bg-danger/);
  await expect(badges.nth(2)).not.toHaveClass(/text-bg-danger/);
  await expect(rows.nth(0)).toContainText('Needs response');
  await page.locator('main').screenshot({ path: test.info().outputPath('charge-back-queue.png') });
  copyFileSync(test.info().outputPath('charge-back-queue.png'), '/tmp/h17-e2e-queue.png');

  await page.goto('/admin');
  const tile = page.getByRole('link', { name: 'Disputes due in 3 days' });
  await expect(tile.getByTestId('count-disputesDue')).not.toHaveText('…');
  expect(Number(await tile.getByTestId('count-disputesDue').textContent())).toBeGreaterThanOrEqual(2);
  await tile.click();
  await expect(page).toHaveURL(chargeBackFolder);
});

test("the chargeback panel: checklist from the order's own records, and the bundle downloaded", async ({
  page,
  request,
}) => {
  const email = `dispute.${unique()}@example.com`;
  const orderId = await createOrder(request, {
    email,
    confirm_email: email,
    first_name: 'Łukasz Đặng',
    last_name: 'Ζωή Юлия',
  });
  const token = await apiSignIn(page, 'Admin');
  const upload = await request.post('/api/admin/upload-visa-document', {
    headers: { authorization: token },
    multipart: {
      orderId: String(orderId),
      email,
      mailServiceProvider: 'AWS',
      uploadVisaDoc: { name: 'approval.pdf', mimeType: 'application/pdf', buffer: DOCUMENT },
    },
  });
  expect((await upload.json()).status, await upload.text()).toBe(1);
  // The customer downloads the document from the tracking page.
  const tracked = await request.post('/api/front/track-order', { data: { orderId: String(orderId), email } });
  const visitor = (await tracked.json()).data.token as string;
  const history = await request.post('/api/front/get-download-history', {
    headers: { authorization: visitor },
    data: { orderId: String(orderId) },
  });
  const file1 = (await history.json()).path.file1 as string;
  const link = await request.post('/api/front/download-passport-doc-pdf', {
    headers: { authorization: visitor, 'user-agent': PIXEL_AGENT },
    data: { orderId: String(orderId), customername: 'customer', file1, timezone: 'Europe/Warsaw' },
  });
  expect((await link.json()).status, await link.text()).toBe(1);
  await toChargeBack(request, token, orderId, businessDay(1));

  await page.goto(viewOrder(orderId));
  const panel = page.locator('#chargeback');
  const check = (key: string) => panel.getByTestId(`check-${key}`);
  await expect(check('documentDelivered')).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
  await expect(check('customerDownloaded')).toHaveAttribute('data-ok', 'true');
  await expect(check('transactionIdPresent')).toHaveAttribute('data-ok', 'true');
  await expect(check('noRefundRequest')).toHaveAttribute('data-ok', 'true');
  // The local file provider reports no delivery events.
  await expect(check('deliveryConfirmed')).toHaveAttribute('data-ok', 'false');
  await expect(panel.getByTestId('bundle-size')).toContainText('Mastercard accepts up to 19 pages and 1 MB');
  await expect(panel.getByTestId('bundle-size')).toContainText('within limits');
  await expect(panel.getByRole('form', { name: 'Dispute' }).getByTestId('deadline-badge')).toHaveClass(
    /text-bg-danger/,
  );
  await expectAccessible(page, '#chargeback');
  await panel.screenshot({ path: test.info().outputPath('chargeback-panel.png') });
  copyFileSync(test.info().outputPath('chargeback-panel.png'), '/tmp/h17-e2e-panel.png');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download evidence bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`chargeback-evidence-${orderId}.pdf`);
  const file = await download.path();
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Order ${orderId}`);
  expect(text).toContain('Łukasz Đặng Ζωή Юлия');
  expect(text).toContain('Enclosure D');
  expect(text).toContain('Google Pixel 8');
  copyFileSync(file, '/tmp/h17-e2e-bundle.pdf');
});

test('the Disputes report counts disputes per month, network and reason with the win rate', async ({
  page,
  request,
}) => {
  const token = await apiSignIn(page, 'Admin');
  const orderId = await createOrder(request);
  await toChargeBack(request, token, orderId, businessDay(4));
  const won = await request.put(`/api/admin/orders/${orderId}/dispute`, {
    headers: { authorization: token },
    data: { network: 'Mastercard', reasonCode: '4853', amount: '49.00', state: 'won' },
  });
  expect((await won.json()).status, await won.text()).toBe(1);

  await page.goto('/admin/dispute-report');
  await expect(page.getByRole('heading', { name: 'Disputes Report' })).toBeVisible();
  const byNetwork = page.getByRole('region', { name: 'By network' });
  await expect(byNetwork.getByRole('row', { name: /Mastercard/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By reason' })).toContainText('Mastercard 4853');
  await expect(page.getByRole('list', { name: 'Totals' })).toContainText('Win rate');
  await page.screenshot({ path: test.info().outputPath('dispute-report.png') });
  copyFileSync(test.info().outputPath('dispute-report.png'), '/tmp/h17-e2e-report.png');
});
