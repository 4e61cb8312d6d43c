import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';

// The visitor routes of apps/web/src/config/paths.ts (that module pulls the domain package, which
// Playwright's loader cannot resolve).
const paths = {
  visitor: {
    trackOrder: (orderId: number | string) => `/track-order/${orderId}`,
    orderDetails: (orderId: number | string) => `/get-new-order-details/${orderId}`,
  },
};
const NOT_FOUND = 'We could not find an order with these details. Please check the order ID and e-mail.';
// A small but complete PDF: the upload checks content, not names.
const DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test.use({ timezoneId: 'Pacific/Auckland' });

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/admin-login', {
    data: { email: DEMO_ACCOUNTS.Team, password: DEMO_PASSWORD },
  });
  const body = (await response.json()) as { jwtToken?: string; message: string };
  if (!body.jwtToken) throw new Error(`staff sign-in failed: ${body.message}`);
  return body.jwtToken;
}

/** A paid order whose approved document a staff member has uploaded. */
async function orderWithUpload(request: APIRequestContext) {
  const email = `visitor.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
  const orderId = await createOrder(request, { email, confirm_email: email });
  const token = await staffToken(request);
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
  return { orderId, email, token };
}

test('a customer tracks the order, downloads the uploaded document and staff see the download', async ({
  page,
  request,
}, testInfo) => {
  const { orderId, email, token } = await orderWithUpload(request);

  await page.goto(paths.visitor.trackOrder(orderId));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('e-mail address you used on your application');
  await expect(page.getByLabel('Order ID:')).toHaveValue(String(orderId));
  const emailField = page.getByLabel('Email ID:');
  await expect(emailField).toHaveAttribute('type', 'email');
  await expect(emailField).toHaveAttribute('placeholder', 'Your Email');
  await expectAccessible(page);

  // The SPEC §5 message under the field, then the server's one answer for a wrong e-mail.
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await emailField.fill(`wrong.${email}`);
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toBeVisible();

  // Keyboard only from here: type the e-mail (any case) and submit with Enter.
  await emailField.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(email.toUpperCase());
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(paths.visitor.orderDetails(orderId));
  await expect(page.getByText('Order found. You can now download your travel document.')).toBeVisible();
  await expect(page.getByText('Your application for a Travel has been completed successfully.')).toBeVisible();
  const downloadButton = page.getByRole('button', { name: 'Download Now' });
  await expect(downloadButton).toBeEnabled();
  await expect(page.getByRole('cell', { name: 'No record found' })).toBeVisible();
  for (const column of [
    '#',
    'Order ID',
    'Date & Time (EST)',
    'Device IP Address',
    'Device',
    'Device Type',
    'Browser',
    'OS',
    'Device Location',
  ]) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await downloadButton.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`NZeTA-${orderId}.pdf`);
  expect((await readFile(await download.path())).equals(DOCUMENT)).toBe(true);

  const historyRow = page.getByRole('row').filter({ hasText: 'Pacific/Auckland' });
  await expect(historyRow).toHaveCount(1);
  await expect(historyRow).toContainText(String(orderId));
  await expect(historyRow).toContainText('Chrome');

  // The phone layout: the history becomes one card per download.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const noHorizontalScroll = await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
  expect(noHorizontalScroll).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('download-375.png'), fullPage: true });
  await expectAccessible(page);

  // Staff see the download in the order's Download History.
  const detail = await request.get(`/api/admin/get-orders-details/${orderId}`, { headers: { authorization: token } });
  const body = (await detail.json()) as {
    data: { downloadHistory: Array<{ browser: string | null; os: string | null; timezone: string | null }> };
  };
  expect(body.data.downloadHistory).toEqual([
    expect.objectContaining({ browser: expect.stringMatching(/Chrome/), os: 'Linux', timezone: 'Pacific/Auckland' }),
  ]);
});

test('the download page sends a visitor without access to the track page', async ({ page, request }) => {
  const { orderId } = await orderWithUpload(request);
  await page.goto(paths.visitor.orderDetails(orderId));
  await expect(page).toHaveURL(paths.visitor.trackOrder(orderId));
  await expect(page.getByLabel('Order ID:')).toHaveValue(String(orderId));
});

test('a link with the encoded order id shows the order number in the Order ID field', async ({ page, request }) => {
  const orderId = await createOrder(request);
  // The staff detail route's encoding (packages/domain/src/id-codec.ts), which visitor links may carry.
  const encoded = Buffer.from(String(orderId * 2))
    .toString('base64')
    .replace(/=+$/, '');
  await page.goto(paths.visitor.trackOrder(encoded));
  await expect(page.getByLabel('Order ID:')).toHaveValue(String(orderId));
});

test('a link with an order id that is not one shows a friendly page', async ({ page }) => {
  await page.goto(paths.visitor.trackOrder('not-an-order!'));
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page);
});
