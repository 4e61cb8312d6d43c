import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';

// A small but complete PDF: the upload checks content, not names.
const DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SECTIONS_WITHOUT_MAIL = [
  'Upload Document',
  'Order Details',
  'Start Application',
  'Traveller details',
  'Eligibility questions',
  'Traveller Photo',
  'Download History',
  'Add Comment Below',
  'Comment History',
  'Activity',
];

const section = (page: Page, title: string) =>
  page.locator('section.detail-section', { has: page.getByRole('heading', { name: title, exact: true }) });
const detail = (page: Page, sectionTitle: string, label: string) =>
  section(page, sectionTitle)
    .locator('.detail-item', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function setStatus(request: APIRequestContext, token: string, orderId: number, status: string) {
  const response = await request.put('/api/admin/change-order-status', {
    headers: { authorization: token },
    data: { orderId, updatingStatus: status },
  });
  expect((await response.json()).status, await response.text()).toBe(1);
}

/**
 * Signs in without an init script: apiSignIn's script would also run inside the sandboxed e-mail
 * preview, where it may not touch storage, and the browser reports that as an error.
 */
async function signInOnce(page: Page, role: DemoRole) {
  const response = await page.request.post('/api/admin/admin-login', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  const { jwtToken } = (await response.json()) as { jwtToken: string };
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('user', JSON.stringify({ accessToken: token })), jwtToken);
}

async function menuCount(page: Page, label: string): Promise<number> {
  const text = await page.locator('.side-menu a', { hasText: label }).locator('.count').textContent();
  return Number(text?.replace(/\D/g, '') || 0);
}

test('the full page of an order with other names and an offence answered yes', async ({ page, request }) => {
  const orderId = await createOrder(request, {
    first_name: 'Avery',
    different_name: 'yes',
    other_names: [
      { different_first_name: 'Ava', different_last_name: 'Formerly' },
      { different_first_name: 'Avi', different_last_name: 'Maiden' },
    ],
    any_offence: 'yes',
    more_imprisonment: 'no',
    convicted_of_an_offence: 'yes',
    australian_permanent_resident: 'no',
    expiry_date: '09',
    expiry_month: '04',
    expiry_year: '2031',
    travelling_to_new_zealand: 'no',
    transit_passenger_passing: 'yes',
    stayind_in_new_zealand: 'yes',
  });
  await apiSignIn(page, 'Team');
  await page.goto(viewOrder(orderId));

  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${orderId}`);
  // Sections in the spec's order; Email History only appears once a mail exists.
  await expect(page.locator('.order-detail section.detail-section h2')).toHaveText(SECTIONS_WITHOUT_MAIL);
  await expect(detail(page, 'Order Details', 'Application e-mail')).toHaveText(new RegExp(`^${orderId}@`));
  await expect(detail(page, 'Order Details', 'Processing mode')).toHaveText('Standard');
  await expect(detail(page, 'Start Application', 'Passport expiry date')).toHaveText('09/04/2031');
  await expect(detail(page, 'Start Application', 'Transit passenger')).toHaveText('Yes');
  await expect(detail(page, 'Traveller details', 'First name')).toHaveText('Avery');
  await expect(detail(page, 'Traveller details', 'Other names').locator('li')).toHaveText([
    'Ava Formerly',
    'Avi Maiden',
  ]);
  await expect(detail(page, 'Traveller details', 'Phone number')).toHaveText('+61 412345678');
  await expect(detail(page, 'Traveller details', 'Staying in New Zealand')).toHaveText('Yes');
  await expect(detail(page, 'Eligibility questions', 'Convicted of any offence')).toHaveText('Yes');
  await expect(detail(page, 'Eligibility questions', 'Sentenced to five years or more')).toHaveText('No');
  await expect(detail(page, 'Eligibility questions', 'Sentenced to 12 months or more in the last 10 years')).toHaveText(
    'Yes',
  );
  await expect(section(page, 'Traveller Photo')).toContainText('-');
  await expect(section(page, 'Download History')).toContainText('No record found');
  await expect(section(page, 'Upload Document').getByLabel('Order ID')).toBeDisabled();
  await expect(section(page, 'Upload Document').getByLabel('Email')).toHaveValue(/^ava\./);
  // A New order offers no defence packs.
  await expect(page.getByRole('button', { name: 'View Email Content' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Defence Pack 1' })).toHaveCount(0);

  await expectAccessible(page, '.order-detail');
});

test('the offence follow-ups and the expiry date stay hidden when not asked for', async ({ page, request }) => {
  const orderId = await createOrder(request, { any_offence: 'no', other_names: [] });
  await apiSignIn(page, 'Telecaller');
  await page.goto(viewOrder(orderId));
  await expect(detail(page, 'Eligibility questions', 'Convicted of any offence')).toHaveText('No');
  await expect(section(page, 'Eligibility questions').locator('dt')).toHaveCount(4);
  await expect(page.getByText('Sentenced to five years or more')).toHaveCount(0);
  await expect(detail(page, 'Traveller details', 'Other names')).toHaveText('-');
  await expect(page.getByText('Passport expiry date')).toHaveCount(0);
});

test('a bad link shows a friendly not-found panel', async ({ page }) => {
  await apiSignIn(page, 'Team');
  await page.goto('/admin/view-order/not-a-code');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await page.goto(viewOrder(987_654_321));
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('There is no order 987654321')).toBeVisible();
});

test('a comment with flags appears in Comment History with Y and N', async ({ page, request }) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Admin');
  await page.goto(viewOrder(orderId));
  const form = section(page, 'Add Comment Below');
  await form.getByRole('button', { name: 'Add Comment' }).click();
  await expect(form.getByText('Please enter your remark')).toBeVisible();

  await form.getByLabel('Remark').fill('Customer asked for the document by WhatsApp.');
  await form.getByLabel('Whatsapp').check();
  await form.getByLabel('Chargeback').check();
  await form.getByLabel('ReportError').check();
  await form.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.locator('.Toastify__toast--success', { hasText: 'Comment added successfully.' })).toBeVisible();
  await expect(form.getByLabel('Remark')).toHaveValue('');

  // The spec's table: one row per comment; Show reveals the remark and every flag as Y or N.
  const history = section(page, 'Comment History');
  await expect(history.getByRole('columnheader')).toHaveText(['#', 'Order ID', 'Date & Time', 'Team', 'Action']);
  const row = history.locator('tbody tr').first();
  await expect(row.getByRole('cell')).toHaveText([
    '1',
    String(orderId),
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} E[SD]T$/,
    'Demo Admin',
    'Show',
  ]);
  await expect(history.getByText('Customer asked for the document by WhatsApp.')).toHaveCount(0);
  await row.getByRole('button', { name: 'Show' }).click();
  const detail = history.locator('.remark-detail-row');
  await expect(detail).toContainText('Customer asked for the document by WhatsApp.');
  await expect(detail.getByRole('listitem')).toHaveText([
    'Whatsapp: Y',
    'Telephone: N',
    'Refund: N',
    'Voided: N',
    'Chargeback: Y',
    'ReportError: Y',
  ]);
  await expectAccessible(page, '#comment-history');
  await history.getByRole('button', { name: 'Hide' }).click();
  await expect(detail).toHaveCount(0);
  // Newest first: a second comment becomes row 1.
  await form.getByLabel('Remark').fill('Called, no answer.');
  await form.getByRole('button', { name: 'Add Comment' }).click();
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await history.locator('tbody tr').first().getByRole('button', { name: 'Show' }).click();
  await expect(detail).toContainText('Called, no answer.');
  // Activity keeps the order's other events; the comment is not repeated there.
  const activity = section(page, 'Activity');
  await expect(activity).toContainText('received the paid application');
  await expect(activity).not.toContainText('added a comment');
});

test('a status move shows the toast, changes the counts and is in Activity', async ({ page, request }) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Manager');
  await page.goto(viewOrder(orderId));
  await expect(page.locator('.side-menu a', { hasText: 'Awaiting Customer' }).locator('.count')).toBeVisible();
  const before = await menuCount(page, 'Awaiting Customer');

  const moves = page.getByRole('toolbar', { name: 'Order actions' });
  await expect(moves.getByRole('button', { name: 'Move to Awaiting Response' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await moves.getByRole('button', { name: 'Move to Awaiting Response' }).click();
  await expect(page.locator('.Toastify__toast--success').last()).toBeVisible();
  await expect(page.locator('.status-pill')).toHaveText('Awaiting Customer');
  await expect(moves.getByRole('button', { name: 'Move to Awaiting Response' })).toHaveCount(0);
  await expect(moves.getByRole('button', { name: 'Move to Completed Orders' })).toBeVisible();
  await expect.poll(() => menuCount(page, 'Awaiting Customer')).toBeGreaterThan(before);
  await expect(section(page, 'Activity')).toContainText('Demo Manager moved the order from New to Awaiting Customer');

  // Delete asks first; No keeps the order as it is.
  await moves.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Are you sure you want to delete?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page.locator('.status-pill')).toHaveText('Awaiting Customer');
});

test('a Team member has no Delete button', async ({ page, request }) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Team');
  await page.goto(viewOrder(orderId));
  await expect(page.getByRole('button', { name: 'Move to Completed Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete permanently' })).toHaveCount(0);
});

test('an upload with AWS adds an Email History row and the order reaches Completed', async ({ page, request }) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Team');
  await page.goto(viewOrder(orderId));
  const upload = section(page, 'Upload Document');

  await upload.getByLabel('Email').fill('');
  await upload.getByRole('button', { name: 'Submit (AWS)' }).click();
  await expect(upload.getByText('Please enter your email')).toBeVisible();
  await expect(upload.getByText('File is required')).toBeVisible();

  await upload.getByLabel('Email').fill('approved.traveller@example.org');
  await upload
    .getByLabel(/^Document/)
    .setInputFiles({ name: 'approval.pdf', mimeType: 'application/pdf', buffer: DOCUMENT });
  await upload.getByRole('button', { name: 'Submit (AWS)' }).click();
  await expect(
    page.locator('.Toastify__toast--success', { hasText: 'Document uploaded and the approval e-mail is on its way.' }),
  ).toBeVisible();

  const mails = section(page, 'Email History');
  await expect(page.locator('.order-detail section.detail-section h2').first()).toHaveText('Email History');
  await expect(mails.locator('tbody tr')).toHaveCount(1);
  await expect(mails.locator('tbody tr').first()).toContainText('AWS');
  // The worker delivers through the file provider; the page follows until the mail is sent.
  await expect(mails.locator('.mail-state-badge')).toHaveText('Sent', { timeout: 30_000 });
  await expect(page.locator('.status-pill')).toHaveText('Completed');
  await expect(detail(page, 'Order Details', 'Processed by')).toHaveText('Demo Team');
  await expect(mails.getByLabel('Email')).toHaveValue(/@example/);
  const downloaded = page.waitForEvent('download');
  await upload.getByRole('button', { name: 'Download document' }).click();
  expect((await downloaded).suggestedFilename()).toBe(`NZeTA-${orderId}.pdf`);
  // Completed: the dispute buttons appear.
  await expect(page.getByRole('button', { name: 'Defence Pack 1' })).toBeVisible();

  await mails.getByRole('button', { name: 'Resend Mail(Sendgrid)' }).click();
  await expect(
    page.locator('.Toastify__toast--success', { hasText: 'The e-mail has been queued for delivery.' }),
  ).toBeVisible();
  await expect(mails.locator('tbody tr')).toHaveCount(2);
  await expect(mails.locator('tbody tr').first()).toContainText('Sendgrid');
  // At 1366 px every column, the delivery state and events included, fits without scrolling sideways.
  const scroller = mails.locator('.table-responsive').first();
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, '.order-detail');
});

test('transaction details and a defence pack that opens as a PDF', async ({ page, request }) => {
  const orderId = await createOrder(request);
  const token = await apiSignIn(page, 'Team');
  await setStatus(request, token, orderId, 'ChargeBack');
  await page.goto(viewOrder(orderId));

  await page.getByRole('button', { name: 'Enter Transaction Details' }).click();
  const form = page.getByRole('dialog', { name: 'Enter Transaction Details' });
  await form.getByLabel('Transaction Id').fill('');
  await form.getByLabel('Merchant Name').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter your Transaction Id')).toBeVisible();
  await expect(form.getByText('Please enter your Merchant Name')).toBeVisible();
  await form.getByLabel('Transaction Id').fill('ch_e2e_dispute_42');
  await form.getByLabel('Merchant Name').fill('Acme Merchant Services');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('.Toastify__toast--success', { hasText: 'Transaction details saved successfully.' }),
  ).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.getByRole('button', { name: 'Defence Pack 1' }).click();
  const letter = page.getByRole('dialog', { name: 'Defence Pack 1' });
  await expect(letter).toContainText('No refund request or complaint was submitted by the customer.');
  await expect(letter).toContainText('To: Acme Merchant Services');
  await expect(letter).toContainText(`Re: Order ${orderId} - Transaction ID ch_e2e_dispute_42`);
  await expect(letter).toContainText('Download History of the delivered document');

  const popupOpened = page.waitForEvent('popup');
  const pdfAnswered = page.waitForResponse('**/api/admin/get-defence-pack-pdf');
  await letter.getByRole('button', { name: 'Print Defence Pack 1' }).click();
  const pdf = await pdfAnswered;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const popup = await popupOpened;
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  await letter.getByRole('button', { name: 'Close' }).first().click();
  await expect(letter).toHaveCount(0);
});

test('View Email Content previews the approval e-mail and links to WhatsApp', async ({ page, request, context }) => {
  const orderId = await createOrder(request, { country_code: 'Australia', phone_number: '412345678' });
  await signInOnce(page, 'Night Staff');
  // wa.me is outside the test network: answer it locally.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  await page.goto(viewOrder(orderId));
  await page.getByRole('button', { name: 'View Email Content' }).click();
  const modal = page.getByRole('dialog', { name: 'Email Content' });
  await expect(modal).toContainText(`Order ${orderId}`);
  // The preview is sandboxed without scripts, so it is checked by what it was given to show.
  const preview = modal.locator('iframe[title="Approval e-mail preview"]');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview).toHaveAttribute('srcdoc', /support@example\.com/);
  await expect(preview).not.toHaveAttribute('srcdoc', /<script|\son\w+=|javascript:/i);

  const popupOpened = page.waitForEvent('popup');
  await modal.getByRole('button', { name: 'Send Whatsapp Message' }).click();
  const popup = await popupOpened;
  await expect.poll(() => popup.url()).toMatch(/^https:\/\/wa\.me\/61412345678\?text=/);
  await popup.close();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View Email Content' })).toBeFocused();
});
