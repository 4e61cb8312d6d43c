import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';

// The operations console: dashboard, header search, tables, navigation, order page, times,
// toasts and the smaller fixes, each at a laptop (1366×768) and a phone (390×844) size.
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const body = await (
    await request.post('/api/admin/admin-login', { data: { email, password: DEMO_PASSWORD } })
  ).json();
  return body.jwtToken as string;
}

async function openMenuIfPhone(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
}

for (const vp of VIEWPORTS) {
  const isPhone = vp.name === 'phone';
  test.describe(`console at ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('1. the dashboard shows every queue with its oldest order, throughput and failing deliveries', async ({
      page,
      request,
    }) => {
      await createOrder(request, { processing_mode: 'Priority' });
      await apiSignIn(page, 'Manager');
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      for (const label of ['New Orders', 'Priority Order', 'My Orders', 'Pending Orders', 'Awaiting Customer']) {
        await expect(page.locator('.queue-card-label', { hasText: label }).first()).toBeVisible();
      }
      await expect(page.getByTestId('count-priorityOrder')).toHaveText(/^[1-9][\d,]*$/);
      await expect(page.locator('.queue-card', { hasText: 'Priority Order' })).toContainText(/Oldest \S+/);
      await expect(page.locator('.queue-card', { hasText: 'Priority Order' }).locator('.sla-badge')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Processed by member' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Deliveries failing' })).toBeVisible();
      await expect(page.locator('.live-note')).toContainText(/updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} E[SD]T/);

      // Live: a new order arriving elsewhere refetches the dashboard without a reload, and the card
      // shows the count of the latest answer. Compared with the answer rather than with the count
      // before: tests running beside this one move orders out of New Orders as well.
      const answered: number[] = [];
      page.on('response', async (response) => {
        if (!response.url().includes('/api/admin/dashboard') || !response.ok()) return;
        const body = (await response.json().catch(() => ({}))) as {
          data?: { queues?: Array<{ folder: string; count: number }> };
        };
        const count = body.data?.queues?.find((queue) => queue.folder === 'newOrder')?.count;
        if (count !== undefined) answered.push(count);
      });
      await createOrder(request);
      await expect
        .poll(async () => {
          const shown = Number((await page.getByTestId('count-newOrder').textContent())?.replace(/,/g, ''));
          return answered.length > 0 && shown === answered.at(-1);
        })
        .toBe(true);

      await page.screenshot({ path: `test-results/console/dashboard-${vp.name}.png`, fullPage: true });
      await expectAccessible(page);

      // Breaching soon opens the queue sorted by its clock.
      await page
        .locator('.queue-card', { hasText: 'Priority Order' })
        .getByRole('link', { name: /breaching soon/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/priority-order\?sort=sla/);
      await expect(page.getByRole('button', { name: 'Breaching soon' })).toHaveAttribute('aria-pressed', 'true');
    });

    test('2. a Telecaller searches every folder they may open, never one only Order History lists', async ({
      page,
      request,
    }) => {
      const visible = await createOrder(request, { first_name: 'Searchable' });
      const claimed = await createOrder(request, { first_name: 'Claimedelsewhere' });
      const team = await tokenOf(request, DEMO_ACCOUNTS.Team);
      await request.put('/api/admin/assign-order-status', {
        headers: { authorization: team },
        data: { orderId: [claimed], assignto: 'Demo Team' },
      });
      await apiSignIn(page, 'Telecaller');
      await page.goto('/admin/recent-order');
      const search = page.getByRole('combobox', { name: /Search all orders/ });
      // The header search loads beside the first screen: '/' works once the box is drawn.
      await expect(search).toBeVisible();
      await page.locator('body').press('/');
      await expect(search).toBeFocused();

      await search.fill(String(claimed));
      await expect(page.locator('.global-search-foot')).toHaveText('No matching orders');
      await search.fill('searchable');
      const hit = page.getByRole('option').filter({ hasText: String(visible) });
      await expect(hit).toBeVisible();
      await expect(hit).toContainText('New Orders');
      await page.screenshot({ path: `test-results/console/global-search-telecaller-${vp.name}.png` });
      await expectAccessible(page);

      // Enter on an exact id opens the order.
      await search.fill(String(visible));
      await search.press('Enter');
      await expect(page).toHaveURL(viewOrder(visible));
      await expect(page.getByRole('heading', { name: new RegExp(`Order ${visible}`) })).toBeVisible();
    });

    test('3. Order History sorts and filters on the server, in the URL, with links and remembered size', async ({
      page,
      request,
    }) => {
      const done = await createOrder(request, { first_name: 'Aaron' });
      const admin = await tokenOf(request, DEMO_ACCOUNTS.Admin);
      await request.put('/api/admin/change-order-status', {
        headers: { authorization: admin },
        data: { orderId: done, updatingStatus: 'Completed' },
      });
      await apiSignIn(page, 'Admin');
      await page.goto('/admin/order-history');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('Completed');
      await page.getByRole('button', { name: /^Name/ }).click();
      await expect(page).toHaveURL(/status=Completed/);
      await expect(page).toHaveURL(/sort=name&dir=asc/);
      await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
      const rows = page.locator('table.data-table tbody tr');
      await expect(rows.first().locator('.status-badge')).toHaveText('Completed');
      // Polled: the rows of the previous query stay on screen until the sorted, filtered page lands.
      await expect
        .poll(async () => [...new Set(await rows.locator('.status-badge').allTextContents())])
        .toEqual(['Completed']);
      await expect
        .poll(async () => {
          const names = await rows.locator('td.col-name').allTextContents();
          return (
            names.join('|') === [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join('|')
          );
        })
        .toBe(true);
      await expect(page.locator('td.col-date .zone-label').first()).toHaveText(/^E[SD]T$/);
      await page.screenshot({ path: `test-results/console/order-history-sorted-${vp.name}.png` });
      await expectAccessible(page);

      // The Order Id is a link to the order.
      const firstId = (await rows.first().locator('a.order-id').textContent()) ?? '';
      await rows.first().locator('a.order-id').click();
      await expect(page).toHaveURL(viewOrder(Number(firstId)));

      // The page size follows the member from folder to folder; the header stays in view.
      await page.goto('/admin/completed-order');
      await page.getByLabel('Show').selectOption('50');
      await page.goto('/admin/recent-order');
      await expect(page.getByLabel('Show')).toHaveValue('50');
      await page.locator('.data-table-scroll').evaluate((el) => el.scrollTo(0, 2000));
      await expect(page.getByRole('columnheader', { name: /Order Id/ })).toBeInViewport();
      await expect(page.locator('.folder-toolbar')).toBeInViewport();
    });

    test('4. the menu is grouped and remembers folds; legacy paths and sign-in land where asked', async ({ page }) => {
      await page.goto('/admin/order-history?status=Completed');
      await expect(page).toHaveURL(/\/$/);
      await page.getByLabel('Email ID').fill('wrong@example.com');
      await page.getByLabel('Password').fill('nope-nope');
      await page.getByRole('button', { name: /sign in|login/i }).click();
      await expect(page.locator('.Toastify__toast--error')).toBeVisible();
      await page.getByLabel('Email ID').fill(DEMO_ACCOUNTS.Manager);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /sign in|login/i }).click();
      await expect(page).toHaveURL(/\/admin\/order-history\?status=Completed$/);
      // The failed sign-in's toast does not follow the member in.
      await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
      await expect(page.locator('.Toastify__toast--success')).toHaveCount(1);

      await openMenuIfPhone(page, isPhone);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      for (const group of ['Work queues', 'Customers & money', 'Reports', 'Administration']) {
        await expect(menu.getByRole('button', { name: group })).toBeVisible();
      }
      await menu.getByRole('button', { name: 'Reports' }).click();
      await expect(menu.getByRole('link', { name: 'Country Order List' })).toBeHidden();
      if (isPhone) {
        await page.keyboard.press('Escape');
        await expect(menu).not.toHaveClass(/open/);
      }
      await page.reload();
      await openMenuIfPhone(page, isPhone);
      await expect(menu.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'false');
      await expect(menu.getByRole('link', { name: 'Country Order List' })).toBeHidden();
      await expectAccessible(page);

      await page.goto('/my-order');
      await expect(page).toHaveURL(/\/admin\/my-order$/);
      await page.goto('/recent-order?page=2');
      await expect(page).toHaveURL(/\/admin\/recent-order\?page=2$/);
    });

    test('5. the order page: Comment History and Activity, a sticky action bar, the id in the tab title', async ({
      page,
      request,
    }) => {
      const orderId = await createOrder(request);
      const admin = await tokenOf(request, DEMO_ACCOUNTS.Admin);
      const long = `See ${'x'.repeat(300)} for details`;
      await request.post('/api/admin/add-new-remark', {
        headers: { authorization: admin },
        data: {
          orderId,
          remark: long,
          whatsapp: 'Y',
          telephone: 'N',
          statusRefund: 'N',
          voided: 'N',
          chargeback: 'N',
          reportError: 'N',
        },
      });
      await apiSignIn(page, 'Team');
      await page.goto(viewOrder(orderId));
      await expect(page).toHaveTitle(new RegExp(`^Order ${orderId}`));
      const bar = page.getByRole('toolbar', { name: 'Order actions' });
      await expect(bar.getByRole('button', { name: 'Move to Awaiting Response' })).toBeInViewport();
      await expect(bar.getByRole('button', { name: 'View Email Content' })).toBeVisible();
      // Status moves grouped by kind, each kind its own colour.
      const groups = bar.locator('fieldset.move-group');
      await expect(bar.getByRole('group', { name: 'Progress' })).toContainText('Move to Completed Orders');
      await expect(bar.getByRole('group', { name: 'Waiting on someone' })).toContainText('Move to Awaiting Response');
      await expect(bar.getByRole('group', { name: 'Money' })).toContainText('Move to ChargeBack');
      const colours = await page.evaluate<string[]>(
        `[...document.querySelectorAll('.order-action-bar fieldset.move-group')].map((g) => getComputedStyle(g).borderLeftColor)`,
      );
      expect(colours.length).toBe(await groups.count());
      expect(new Set(colours).size).toBe(colours.length);
      await expect(page.locator('#order-details')).toContainText(/Order date\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} E[SD]T/);
      // Comment History as the spec's table; the long remark, shown, wraps inside the page.
      const comments = page.locator('#comment-history');
      const comment = comments.locator('tbody tr').first();
      await expect(comment).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} E[SD]T/);
      await comment.getByRole('button', { name: 'Show' }).click();
      await expect(comments.locator('.remark-detail-row .remark-text')).toHaveText(long);
      await expect(comments.getByText('Whatsapp: Y')).toBeVisible();
      await expect(page.locator('#activity')).toContainText('received the paid application');
      const overflow = await page.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/console/order-page-${vp.name}.png` });
      if (!isPhone) {
        await page.mouse.wheel(0, 1500);
        await expect(bar.getByRole('button', { name: 'Move to Awaiting Response' })).toBeInViewport();
      }
      await expectAccessible(page);
    });

    test('6-8. Future tiles name their year, toasts keep clear of the header, the gateway select starts on the active one', async ({
      page,
    }) => {
      const token = await apiSignIn(page, 'Admin');
      await page.goto('/admin/future-order');
      await expect(page.locator('.month-tile-name').first()).toHaveText(/^Jan \d{4}(–\d{2})?$/);
      await expectAccessible(page);

      await page.goto('/admin/gateway-setting');
      const active = await (
        await page.request.get('/api/admin/payment-gateways', {
          headers: { authorization: token },
        })
      ).json();
      const current = active.data.find((g: { is_active: string }) => g.is_active === '1');
      expect(typeof current.id).toBe('number');
      await expect(page.getByLabel('Gateway', { exact: true })).toHaveValue(String(current.id));
      await page.getByRole('button', { name: 'Update Gateway' }).click();
      const toast = page.locator('.Toastify__toast--success');
      await expect(toast).toHaveCount(1);
      const box = await toast.boundingBox();
      expect(box?.y ?? 0).toBeGreaterThan(vp.height / 2);
      await expectAccessible(page);

      await page.goto('/admin/country-order-list');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.Toastify__toast--success', { hasText: 'Report loaded.' })).toHaveCount(1);
      await page.waitForTimeout(600);
      await expect(page.locator('.Toastify__toast', { hasText: 'Report loaded.' })).toHaveCount(1);
    });
  });
}
