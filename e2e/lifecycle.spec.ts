import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, createOrder, DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole, expect, test } from './support/fixtures';
import { viewOrder } from './support/paths';
import { apiToken, createMember, staffPaths } from './support/staff';

const ROLES: DemoRole[] = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'];
const MOVES = [
  'Awaiting Response',
  'Completed Refunds',
  'Completed Orders',
  'Contact Customer',
  'Awaiting Govt',
  'Customer Called',
  'ChargeBack',
];
type Kind = 'New' | 'Completed' | 'ChargeBack' | 'Deleted' | 'erased';

/** The transition table (packages/domain/src/lifecycle.ts) for these five orders, written out. */
function expectedButtons(kind: Kind, role: DemoRole): string[] {
  const lead = role === 'Admin' || role === 'Manager';
  if (kind === 'erased') return [];
  if (kind === 'Deleted') return [...(lead ? ['Restore'] : []), ...(role === 'Admin' ? ['Delete permanently'] : [])];
  const here = kind === 'Completed' ? 'Completed Orders' : kind === 'ChargeBack' ? 'ChargeBack' : '';
  return [
    ...MOVES.filter((label) => label !== here).map((label) => `Move to ${label}`),
    ...(lead ? ['Delete'] : []),
    ...(role === 'Admin' ? ['Delete permanently'] : []),
  ];
}

async function change(request: APIRequestContext, token: string, orderId: number, updatingStatus: string, extra = {}) {
  const response = await request.put('/api/admin/change-order-status', {
    headers: { authorization: token },
    data: { orderId, updatingStatus, ...extra },
  });
  expect((await response.json()).status).toBe(1);
}

async function lifecycleButtons(page: Page): Promise<string[]> {
  const buttons = page.locator('.status-moves-buttons button');
  return (await buttons.allTextContents()).map((text) => text.trim());
}

test.describe('the console offers only what the transition table allows', () => {
  const orders = {} as Record<Kind, number>;

  test.beforeAll(async ({ request }) => {
    const admin = await apiToken(request, DEMO_ACCOUNTS.Admin, DEMO_PASSWORD);
    orders.New = await createOrder(request);
    orders.Completed = await createOrder(request);
    await change(request, admin, orders.Completed, 'Completed');
    orders.ChargeBack = await createOrder(request);
    await change(request, admin, orders.ChargeBack, 'Completed');
    await change(request, admin, orders.ChargeBack, 'ChargeBack');
    orders.Deleted = await createOrder(request);
    await change(request, admin, orders.Deleted, 'Deleted');
    orders.erased = await createOrder(request);
    await change(request, admin, orders.erased, 'Deleted', { permanentDeletedFlag: true });
  });

  for (const role of ROLES) {
    test(`${role} sees the allowed actions on a New, Completed, ChargeBack, Deleted and erased order`, async ({
      page,
    }) => {
      await apiSignIn(page, role);
      for (const kind of ['New', 'Completed', 'ChargeBack', 'Deleted', 'erased'] as Kind[]) {
        await page.goto(viewOrder(orders[kind]));
        // The order page is drawn once its Comment History is.
        await expect(page.getByRole('heading', { name: 'Comment History', exact: true })).toBeVisible();
        expect((await lifecycleButtons(page)).sort(), `${role} on ${kind}`).toEqual(expectedButtons(kind, role).sort());
        const uploads = kind === 'New' || kind === 'Completed' || kind === 'ChargeBack';
        await expect(page.getByRole('button', { name: 'Submit (AWS)' }), `${role} upload on ${kind}`).toHaveCount(
          uploads ? 1 : 0,
        );
        await expect(page.locator('#comment-remark'), `${role} comment on ${kind}`).toHaveCount(
          kind === 'erased' ? 0 : 1,
        );
      }
    });
  }
});

test('Assign to me names what was assigned and who already holds the rest', async ({ page, request }) => {
  const manager = await apiToken(request, DEMO_ACCOUNTS.Manager, DEMO_PASSWORD);
  const free = await createOrder(request, { first_name: 'Bulkfree' });
  const taken = await createOrder(request, { first_name: 'Bulktaken' });
  await request.put('/api/admin/assign-order-status', {
    headers: { authorization: manager },
    data: { orderId: [taken], assignto: 'me' },
  });
  // The list shows the free order; the answer for both is what a bulk selection gets.
  await apiSignIn(page, 'Team');
  await page.goto('/admin/new-orders');
  const answer = await page.evaluate(
    async ([ids]) => {
      const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string };
      const response = await fetch('/api/admin/assign-order-status', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: stored.accessToken ?? '' },
        body: JSON.stringify({ orderId: ids, assignto: 'me' }),
      });
      return (await response.json()) as { message: string };
    },
    [[free, taken]],
  );
  expect(answer.message).toMatch(new RegExp(`^1 assigned; ${taken} already taken by .+\\.$`));
});

test('deleting a member with claimed orders releases them and says how many', async ({ page, request }) => {
  const member = await createMember(request, 'Team', 'Claim Holder');
  const token = await apiToken(request, member.email, member.password);
  const ids = [await createOrder(request), await createOrder(request)];
  await request.put('/api/admin/assign-order-status', {
    headers: { authorization: token },
    data: { orderId: ids, assignto: member.name },
  });
  await apiSignIn(page, 'Admin');
  await page.goto(staffPaths.manageTeam);
  await page.getByRole('button', { name: `Delete ${member.name}` }).click();
  await expect(page.getByText(`Delete ${member.name}? 2 claimed orders go back to the shared folders.`)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('2 claimed orders were released to the shared folders.')).toBeVisible();
});
