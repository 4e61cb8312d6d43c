import { apiSignIn, createOrder, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';

test('Send Invoice checks the order id, then e-mails the invoice', async ({ page, request }) => {
  const orderId = await createOrder(request);
  await apiSignIn(page, 'Telecaller');
  await page.goto('/admin/send-invoice');
  await expect(page.getByRole('heading', { name: 'Manage Invoices' })).toBeVisible();
  const field = page.getByLabel('Order ID');
  const send = page.getByRole('button', { name: 'Send Invoice' });

  await send.click();
  await expect(page.getByText('Please enter your order id.')).toBeVisible();
  await field.fill('12345');
  await send.click();
  await expect(page.getByText('Order Id must be at least 6 characters.')).toBeVisible();

  await field.fill('987654321');
  await send.click();
  await expect(page.locator('.Toastify__toast--error', { hasText: 'Order not found.' })).toBeVisible();
  await expect(field).toHaveValue('987654321');

  await field.fill(String(orderId));
  await send.click();
  await expect(
    page.locator('.Toastify__toast--success', { hasText: 'Invoice has been sent to the customer.' }),
  ).toBeVisible();
  await expect(field).toHaveValue('');

  // The invoice is in the order's Email History and is delivered by the worker.
  await page.goto(viewOrder(orderId));
  const mails = page.locator('section#email-history');
  await expect(mails.locator('tbody tr')).toHaveCount(1);
  await expect(mails.locator('tbody tr').first()).toContainText('Invoice');
  await expect(mails.locator('.mail-state-badge')).toHaveText('Sent', { timeout: 30_000 });
});
