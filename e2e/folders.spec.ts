import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';

// Folder routes and titles of SPEC §2.4 (apps/web/src/config/paths.ts; that module pulls the
// domain package, which Playwright's loader cannot resolve).
const DEFAULT_COLUMNS = ['Order Id', 'Name', 'Email', 'Telephone', 'Date & Time', 'Status', 'Action'];
const FOLDERS: Array<{ path: string; title: string; columns: string[] }> = [
  { path: '/admin/my-order', title: 'My Orders', columns: DEFAULT_COLUMNS },
  { path: '/admin/recent-order', title: 'New Order', columns: DEFAULT_COLUMNS },
  { path: '/admin/priority-order', title: 'Priority Order', columns: DEFAULT_COLUMNS },
  { path: '/admin/pending-order', title: 'Pending Orders', columns: DEFAULT_COLUMNS },
  { path: '/admin/completed-order', title: 'Completed Orders', columns: DEFAULT_COLUMNS },
  { path: '/admin/awaiting-response', title: 'Awaiting Response', columns: DEFAULT_COLUMNS },
  { path: '/admin/awaiting-govt', title: 'Awaiting Govt', columns: DEFAULT_COLUMNS },
  {
    path: '/admin/contact-customer',
    title: 'Contact Customer',
    columns: DEFAULT_COLUMNS.filter((c) => c !== 'Telephone'),
  },
  { path: '/admin/called', title: 'Customer Called', columns: DEFAULT_COLUMNS },
  { path: '/admin/order-history', title: 'Order History', columns: DEFAULT_COLUMNS },
  { path: '/admin/deleted-order', title: 'Deleted Orders', columns: DEFAULT_COLUMNS },
  {
    path: '/admin/refund-order',
    title: 'Refunds',
    columns: ['Order Id', 'Email', 'Telephone', 'Date & Time', 'Refund Date', 'Status', 'Action'],
  },
  {
    path: '/admin/chargeback',
    title: 'Charge Back',
    columns: ['Order Id', 'Name', 'Email', 'Telephone', 'Date & Time', 'Respond By', 'Dispute', 'Action'],
  },
];

let sequence = 0;
function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1e5).toString(36)}`;
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const body = await (await request.post('/api/admin/admin-login', { data: { email, password } })).json();
  if (!body.jwtToken) throw new Error(`sign-in failed: ${body.message}`);
  return body.jwtToken as string;
}

/** A member of this test's own, so My Orders and its count belong to this test alone. */
async function newMember(request: APIRequestContext, type = 'Team') {
  const suffix = unique();
  const member = { name: `Folder Tester ${suffix}`, email: `folders.${suffix}@example.com`, password: `pw-${suffix}` };
  const admin = await tokenFor(request, DEMO_ACCOUNTS.Admin, DEMO_PASSWORD);
  const answer = await (
    await request.post('/api/admin/add-team-member', { headers: { authorization: admin }, data: { ...member, type } })
  ).json();
  expect(answer.status, answer.message).toBe(1);
  return { ...member, token: await tokenFor(request, member.email, member.password) };
}

async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('user', JSON.stringify({ accessToken: value }));
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

async function setStatus(request: APIRequestContext, orderIds: number[], status: string) {
  const admin = await tokenFor(request, DEMO_ACCOUNTS.Admin, DEMO_PASSWORD);
  const answer = await (
    await request.put('/api/admin/change-order-status', {
      headers: { authorization: admin },
      data: { orderId: orderIds, updatingStatus: status },
    })
  ).json();
  expect(answer.status, answer.message).toBe(1);
}

const table = (page: Page) => page.locator('table.data-table');
const rowOf = (page: Page, orderId: number) => table(page).locator('tbody tr', { hasText: String(orderId) });
const menuCount = (page: Page, label: string) => page.locator('.side-menu a', { hasText: label }).locator('.count');

/** Types a search and waits until the list on screen is the searched one (after the 500 ms pause). */
async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: /^Search/ }).fill(term);
  if (term) await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}(&|$)`));
  else await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.locator('.data-table-scroll[aria-busy]')).toHaveCount(0);
}

test('every folder screen loads with its title, its columns and a working Refresh', async ({ page }) => {
  await apiSignIn(page, 'Admin');
  for (const folder of FOLDERS) {
    await page.goto(folder.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(folder.title);
    const headers = table(page).locator('thead th');
    await expect(headers.filter({ hasNotText: /^$/ })).toHaveText(folder.columns);
    await expect(page.getByText(/^(Showing \d+ to \d+ of|No records found)/)).toBeVisible();
  }
  await page.goto('/admin/pending-order');
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/get-orders-list/pendingOrder'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await answer).status()).toBe(200);
});

test('an empty search shows the empty texts; the URL keeps search, page and size', async ({ page }) => {
  await apiSignIn(page, 'Manager');
  await page.goto('/admin/order-history');
  await search(page, `nobody-${unique()}`);
  await expect(table(page).getByText('No data available in table')).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=nobody-/);

  await search(page, '');
  await page.getByLabel('Show').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await expect(table(page).locator('tbody tr')).toHaveCount(25);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 26 to/)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/^Showing 1 to 25 of/)).toBeVisible();

  await page.getByLabel('Show').selectOption('all');
  await expect(page.getByText(/^Showing 1 to (\d[\d,]*) of \1 entries$/)).toBeVisible();
  // 'All' is virtualised: only what is on screen is in the DOM.
  expect(await table(page).locator('tbody tr').count()).toBeLessThan(100);
});

test('Assign to me moves the orders to My Orders with the toast and new counts; Move to Original Folder brings them back', async ({
  page,
  request,
}) => {
  const member = await newMember(request);
  const tag = `Assign${unique()}`;
  const first = await createOrder(request, { last_name: `${tag}A`, processing_mode: 'Standard' });
  const second = await createOrder(request, { last_name: `${tag}B`, processing_mode: 'Standard' });
  await signInWithToken(page, member.token);
  await page.goto('/admin/recent-order');
  await expect(menuCount(page, 'My Orders')).toHaveText('0');

  // Without a selection the bulk actions do nothing.
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeDisabled();
  await search(page, tag);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await rowOf(page, first).getByRole('checkbox').check();
  await rowOf(page, second).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('Order has been assigned successfully')).toBeVisible();
  await expect(table(page).getByText('No data available in table')).toBeVisible();
  await expect(menuCount(page, 'My Orders')).toHaveText('2');

  await page
    .locator('.side-menu')
    .getByRole('link', { name: /My Orders/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
  await expect(rowOf(page, first)).toBeVisible();
  // A claimed row's View is greyed, still a link to the order, with the claimant's name beside it.
  const claimedView = rowOf(page, first).getByRole('link', { name: `View order ${first}, claimed by ${member.name}` });
  await expect(claimedView).toHaveText('View');
  await expect(claimedView).toHaveClass(/btn-secondary/);
  await expect(rowOf(page, first).locator('.claimed-name')).toHaveText(member.name);
  // A Team member may not delete on My Orders (SPEC §6).
  await expect(page.getByRole('button', { name: 'Delete Order', exact: true })).toHaveCount(0);

  await rowOf(page, first).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to Original Folder' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure want to move orders to new orders.');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order has been moved to the original folder successfully')).toBeVisible();
  await expect(rowOf(page, first)).toHaveCount(0);
  await expect(menuCount(page, 'My Orders')).toHaveText('1');
});

test('a claim that lost the race names the order and who took it', async ({ page, request }) => {
  const member = await newMember(request);
  const rival = await newMember(request);
  const tag = `Race${unique()}`;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Priority' });
  await signInWithToken(page, member.token);
  // The rival's claim lands before this screen hears of it: no live refresh in between.
  await page.route('**/api/admin/events**', (route) => route.abort());
  await page.goto('/admin/priority-order');
  await search(page, tag);
  await rowOf(page, orderId).getByRole('checkbox').check();
  const taken = await request.put('/api/admin/assign-order-status', {
    headers: { authorization: rival.token },
    data: { orderId: [orderId], assignto: rival.name },
  });
  expect((await taken.json()).status).toBe(1);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText(`Order ${orderId} already taken by ${rival.name}.`)).toBeVisible();
});

test('keyboard triage: j moves, x selects, a assigns, Enter opens', async ({ page, request }) => {
  const member = await newMember(request);
  const tag = `Keys${unique()}`;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Standard' });
  const other = await createOrder(request, { last_name: `${tag}Z`, processing_mode: 'Standard' });
  await signInWithToken(page, member.token);
  await page.goto('/admin/recent-order');
  await search(page, tag);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await page.locator('h1').click();
  // Newest first: the first row is the order created last.
  await page.keyboard.press('j');
  await expect(table(page).locator('tbody tr.is-focused')).toContainText(String(other));
  await page.keyboard.press('x');
  await expect(table(page).locator('tbody tr.is-selected')).toContainText(String(other));
  await page.keyboard.press('a');
  await expect(page.getByText('Order has been assigned successfully')).toBeVisible();
  await expect(rowOf(page, other)).toHaveCount(0);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const encoded = Buffer.from(String(orderId * 2))
    .toString('base64')
    .replace(/=+$/, '');
  await expect(page).toHaveURL(`/admin/view-order/${encoded}`);
});

test('Delete Order asks first, then soft-deletes; only Admin and Manager see it', async ({ page, request }) => {
  const tag = `Del${unique()}`;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Standard' });
  await apiSignIn(page, 'Manager');
  await page.goto('/admin/recent-order');
  await search(page, tag);
  await rowOf(page, orderId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete Order', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, orderId)).toBeVisible();

  await page.getByRole('button', { name: 'Delete Order', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order has been deleted successfully')).toBeVisible();
  await expect(rowOf(page, orderId)).toHaveCount(0);
  await page.goto(`/admin/deleted-order?q=${tag}`);
  await expect(rowOf(page, orderId)).toContainText('Deleted');
});

test('a Team member sees no Delete Order, a Telecaller no Order History', async ({ browser }) => {
  const team = await signedInPage(browser, 'Team');
  await team.goto('/admin/recent-order');
  await expect(team.getByRole('button', { name: 'Assign to me' })).toBeVisible();
  await expect(team.getByRole('button', { name: 'Delete Order', exact: true })).toHaveCount(0);
  await team.context().close();

  const telecaller = await signedInPage(browser, 'Telecaller');
  await telecaller.goto('/admin/order-history');
  await expect(telecaller.getByText('You do not have permission to use this screen.')).toBeVisible();
  await telecaller.context().close();
});

async function signedInPage(browser: Browser, role: keyof typeof DEMO_ACCOUNTS): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await apiSignIn(page, role);
  return page;
}

test('Refunded it dates the refund and tells the customer', async ({ page, request }) => {
  const tag = `Refund${unique()}`;
  const orderId = await createOrder(request, { last_name: tag });
  await setStatus(request, [orderId], 'Refunds');
  await apiSignIn(page, 'Telecaller');
  await page.goto('/admin/refund-order');
  await search(page, tag.toLowerCase());
  await expect(rowOf(page, orderId)).toContainText('Refund Pending');
  await expect(rowOf(page, orderId).locator('td.col-refundDate')).toHaveText('-');
  await rowOf(page, orderId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Refunded it' }).click();
  await expect(page.getByText('Refund has been completed and the customer has been notified.')).toBeVisible();
  await expect(rowOf(page, orderId)).toContainText('Refunded');
  await expect(rowOf(page, orderId).locator('td.col-refundDate')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
});

test('Future Orders: month tiles, the month table, a row Delete, Back', async ({ page, request }) => {
  const tag = `Future${unique()}`;
  const date = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    Number(date.slice(5, 7)) - 1
  ] as string;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Future', processing_date: date });
  await apiSignIn(page, 'Admin');
  await page.goto('/admin/future-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Future Orders');
  const tiles = page.getByRole('list', { name: 'Future orders by month' }).getByRole('button');
  await expect(tiles).toHaveCount(12);
  const tile = page.getByRole('button', { name: new RegExp(`^${month} \\d{4}(–\\d{2})? [1-9]\\d* orders$`) });
  await tile.click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Future Orders · ${month}`);
  await expect(table(page).locator('thead th').filter({ hasNotText: /^$/ })).toHaveText([
    'Order ID',
    'Name',
    'Email',
    'Telephone',
    'Date & Time',
    'Processing Date',
    'Process Month',
    'Status',
    'Actions',
  ]);
  await search(page, tag.toUpperCase());
  const row = rowOf(page, orderId);
  await expect(row).toContainText(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`);
  await expect(row).toContainText(month);
  await row.getByRole('button', { name: `Delete order ${orderId}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order has been deleted successfully')).toBeVisible();
  await expect(rowOf(page, orderId)).toHaveCount(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(tiles).toHaveCount(12);
  await expect(page).not.toHaveURL(/month=/);
});

test('the dashboard count changes in a second browser within 2 s, without a reload', async ({ browser, request }) => {
  const member = await newMember(request);
  const tag = `Live${unique()}`;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Standard' });

  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await signInWithToken(watcher, member.token);
  await watcher.goto('/admin');
  await expect(watcher.getByTestId('count-myOrder')).toHaveText('0');

  const workerContext = await browser.newContext();
  const worker = await workerContext.newPage();
  await signInWithToken(worker, member.token);
  await worker.goto(`/admin/recent-order?q=${tag}`);
  await rowOf(worker, orderId).getByRole('checkbox').check();
  await worker.getByRole('button', { name: 'Assign to me' }).click();
  await expect(worker.getByText('Order has been assigned successfully')).toBeVisible();

  await expect(watcher.getByTestId('count-myOrder')).toHaveText('1', { timeout: 2_000 });
  await expect(menuCount(watcher, 'My Orders')).toHaveText('1', { timeout: 2_000 });
  await workerContext.close();
  await watcherContext.close();
});

test('Export CSV downloads the current folder search', async ({ page, request }) => {
  const tag = `Csv${unique()}`;
  const orderId = await createOrder(request, { last_name: tag, processing_mode: 'Standard' });
  await apiSignIn(page, 'Admin');
  await page.goto(`/admin/order-history?q=${tag}`);
  await expect(rowOf(page, orderId)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('orders-allOrder.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv).toContain('Order Id,Name,Email,Telephone,Date & Time,Status');
  expect(csv).toContain(String(orderId));
  expect(csv.trim().split('\r\n')).toHaveLength(2);
});
