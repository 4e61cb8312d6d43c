import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiSignIn, createOrder, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';
import { postSignedSendgridEvents } from './support/webhooks';

const DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const section = (page: Page, title: string) =>
  page.locator('section.detail-section', { has: page.getByRole('heading', { name: title, exact: true }) });

/** Uploads the document through the page with SendGrid (the local stand-in) and waits for Completed. */
async function uploadWithSendgrid(page: Page, orderId: number, token: string): Promise<number> {
  await page.goto(viewOrder(orderId));
  const upload = section(page, 'Upload Document');
  await upload.getByLabel('Email').fill('bounce.traveller@example.org');
  await upload
    .getByLabel(/^Document/)
    .setInputFiles({ name: 'approval.pdf', mimeType: 'application/pdf', buffer: DOCUMENT });
  await upload.getByRole('button', { name: 'Submit (SendGrid)' }).click();
  await expect(page.locator('.status-pill')).toHaveText('Completed', { timeout: 30_000 });
  const detail = await page.request.get(`/api/admin/get-orders-details/${orderId}`, {
    headers: { authorization: token },
  });
  const mail = ((await detail.json()) as { data: { mailHistory: Array<{ id: number; transport: string }> } }).data
    .mailHistory[0];
  // Accepted by the SendGrid SDK (the stand-in), not written to a file.
  expect(mail?.transport).toBe('sendgrid');
  return mail?.id ?? 0;
}

const event = (mailId: number, type: string, fields: object = {}) => ({
  event: type,
  timestamp: Math.floor(Date.now() / 1000),
  sg_event_id: randomUUID(),
  mail_id: String(mailId),
  email: 'bounce.traveller@example.org',
  ...fields,
});

test('a signed bounce returns the order to Contact Customer, with the comment, Email History and a notice', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request);
  const token = await apiSignIn(page, 'Team');
  const mailId = await uploadWithSendgrid(page, orderId, token);

  const answer = await postSignedSendgridEvents(request, [
    event(mailId, 'processed'),
    event(mailId, 'bounce', { type: 'bounce', reason: 'mailbox does not exist' }),
  ]);
  expect(answer.status()).toBe(200);

  // The open page hears of it over the event stream: a notice, then the refreshed order.
  const notice = `Order ${orderId}: Approval e-mail bounced: mailbox does not exist (moved to Contact Customer)`;
  await expect(page.locator('.Toastify__toast', { hasText: notice })).toBeVisible();
  await expect(page.locator('.status-pill')).toHaveText('Contact Customer');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.locator('.notification-list')).toContainText(notice);

  const mails = section(page, 'Email History');
  await expect(mails.locator('.delivery-badge')).toHaveText('Bounced');
  await expect(mails).toContainText('mailbox does not exist');
  await mails.getByRole('button', { name: 'Events (2)' }).click();
  await expect(mails.locator('.mail-events-table tbody tr')).toHaveCount(2);
  await expect(mails.locator('.mail-events-table')).toContainText('Bounced (hard)');

  // Comment History has the System's comment, flagged ReportError; Activity the move.
  const comments = section(page, 'Comment History');
  const comment = comments.locator('tbody tr', { hasText: 'System' });
  await comment.getByRole('button', { name: 'Show' }).click();
  const shown = comments.locator('.remark-detail-row');
  await expect(shown).toContainText('Approval e-mail bounced: mailbox does not exist');
  await expect(shown.getByText('ReportError: Y')).toBeVisible();
  await expect(section(page, 'Activity')).toContainText('to Contact Customer');
  await page.screenshot({ path: 'test-results/delivery-events-bounce.png', fullPage: true });
});

test('delivered and opened: the order stays Completed and Email History shows both times', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request);
  const token = await apiSignIn(page, 'Team');
  const mailId = await uploadWithSendgrid(page, orderId, token);

  // An open reported before the delivery it follows: the order of arrival does not matter.
  const now = Math.floor(Date.now() / 1000);
  expect((await postSignedSendgridEvents(request, [event(mailId, 'open', { timestamp: now })])).status()).toBe(200);
  expect(
    (await postSignedSendgridEvents(request, [event(mailId, 'delivered', { timestamp: now - 30 })])).status(),
  ).toBe(200);
  await page.reload();
  const mails = section(page, 'Email History');
  await expect(mails.locator('.delivery-badge')).toHaveText('Delivered');
  await expect(mails).toContainText('Opened');
  await expect(page.locator('.status-pill')).toHaveText('Completed');
});

test('the webhook refuses an unsigned batch', async ({ request }) => {
  const answer = await request.post('/api/webhooks/sendgrid', { data: [event(1, 'bounce')] });
  expect(answer.status()).toBe(403);
});
