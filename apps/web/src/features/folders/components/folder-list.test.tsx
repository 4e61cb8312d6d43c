import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { answerFetch, appConfigAnswer, renderWithApp, signInAs } from '../../../test/render-with-app';
import { FolderList } from './folder-list';

function row(orderId: number, firstName: string) {
  return {
    order_id: orderId,
    process_status: 'New',
    first_name: firstName,
    last_name: 'Traveller',
    email: `${firstName.toLowerCase()}@example.com`,
    phone_number: null,
    country_code: null,
    created_at: '2026-11-20T10:00:00Z',
    refund_date: null,
    processing_date: null,
    process_month: null,
    assign_to: null,
    full_name: null,
    contact_email_address: null,
  };
}

const page = (rows: unknown[]) => ({
  body: { status: 1, message: 'Orders', data: rows, total: rows.length, totalCapped: false, nextCursor: null },
});

const listCalls = (calls: Array<{ url: string }>) => calls.filter((call) => call.url.includes('get-orders-list'));

describe('the folder list', () => {
  it("asks for the folder's first page and shows its orders", async () => {
    signInAs('Team');
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'get-orders-list': page([row(100123, 'Ana'), row(100124, 'Ben')]),
    });
    renderWithApp(<FolderList folder="newOrder" />);
    expect(await screen.findByRole('link', { name: 'View order 100123' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order 100124' })).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    const [first] = listCalls(calls);
    expect(first?.url).toBe('/api/admin/get-orders-list/newOrder?page=1&perPage=10');
  });

  it('searches once the typing settles, through search-order with the folder and the term', async () => {
    signInAs('Team');
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'get-orders-list': page([row(100123, 'Ana'), row(100124, 'Ben')]),
      'search-order': page([row(100124, 'Ben')]),
    });
    renderWithApp(<FolderList folder="newOrder" />);
    await screen.findByRole('link', { name: 'View order 100123' });
    fireEvent.change(screen.getByLabelText('Search New Order'), { target: { value: 'ben' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View order 100123' })).toBeNull(), {
      timeout: 2_000,
    });
    expect(screen.getByRole('link', { name: 'View order 100124' })).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('search-order'));
    expect(sent).toMatchObject({
      method: 'POST',
      body: { start: 1, end: 10, searchVal: 'ben', folderName: 'newOrder' },
    });
  });

  it("greys the View of a claimed New order, still a link to it, and shows the claimant's name", async () => {
    signInAs('Team', 'Demo Team');
    answerFetch({
      'app-config': appConfigAnswer,
      'get-orders-list': page([{ ...row(100123, 'Ana'), assign_to: 'Demo Team' }, row(100124, 'Ben')]),
    });
    renderWithApp(<FolderList folder="myOrder" />);
    const claimed = await screen.findByRole('link', { name: 'View order 100123, claimed by Demo Team' });
    expect(claimed.textContent).toBe('View');
    expect(claimed.getAttribute('href')).toBe(paths.admin.viewOrder(100123));
    expect(claimed.className).toContain('btn-secondary');
    expect(screen.getByText('Demo Team')).toBeTruthy();
    // An unclaimed row keeps the ordinary View.
    const free = screen.getByRole('link', { name: 'View order 100124' });
    expect(free.textContent).toBe('View');
    expect(free.className).toContain('btn-primary');
  });

  it('assigns the ticked orders to the member and shows the server message', async () => {
    signInAs('Team', 'Demo Team');
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'get-orders-list': page([row(100123, 'Ana'), row(100124, 'Ben')]),
      'assign-order-status': {
        body: { status: 1, message: '1 order assigned.', data: { assigned: [100124], taken: [], results: [] } },
      },
    });
    renderWithApp(<FolderList folder="newOrder" />);
    await screen.findByRole('link', { name: 'View order 100124' });
    const assign = screen.getByRole('button', { name: 'Assign to me' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order 100124' }));
    fireEvent.click(assign);
    expect(await screen.findByText('1 order assigned.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('assign-order-status'));
    expect(sent).toMatchObject({ method: 'PUT', body: { orderId: [100124], assignto: 'Demo Team' } });
  });
});
