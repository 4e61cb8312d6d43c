import type { OrderDetail } from '@nzeta/domain';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerFetch, appConfigAnswer, renderWithApp, signInAs } from '../../../test/render-with-app';
import { StatusMoves } from './status-moves';

// jsdom draws no modal dialogs: opening one only marks it open, as the browser's top layer would show it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

// Only what the transition table reads of an order; the rest of the detail plays no part here.
function orderOf(process_status: string, assign_to: string | null = 'Demo Team'): OrderDetail {
  const order: Partial<OrderDetail> = { order_id: 100001, process_status, assign_to, previous_status: 'Pending' };
  return order as OrderDetail;
}

const ok = (message: string) => ({ body: { status: 1, message, data: { changed: [100001], results: [] } } });

describe('the status moves', () => {
  it('offers the moves the transition table allows and sends the chosen one', async () => {
    signInAs('Team', 'Demo Team');
    const calls = answerFetch({ 'app-config': appConfigAnswer, 'change-order-status': ok('Status updated.') });
    renderWithApp(<StatusMoves order={orderOf('Awaiting')} />);
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete permanently' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move to Customer Called' }));
    expect(await screen.findByText('Status updated.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('change-order-status'));
    expect(sent).toMatchObject({
      url: '/api/admin/change-order-status',
      method: 'PUT',
      body: { orderId: 100001, updatingStatus: 'Customer Called' },
    });
  });

  it('shows a refusal as the server words it', async () => {
    signInAs('Team', 'Demo Team');
    answerFetch({
      'app-config': appConfigAnswer,
      'change-order-status': {
        status: 409,
        body: { status: 0, message: 'This move is not allowed.', code: 'TRANSITION_NOT_ALLOWED' },
      },
    });
    renderWithApp(<StatusMoves order={orderOf('Awaiting')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move to Awaiting Govt' }));
    expect(await screen.findByText('This move is not allowed.')).toBeTruthy();
  });

  it('asks before erasing a deleted order for good, then sends the permanent flag', async () => {
    signInAs('Admin', 'Demo Admin');
    const calls = answerFetch({ 'app-config': appConfigAnswer, 'change-order-status': ok('Order deleted.') });
    renderWithApp(<StatusMoves order={orderOf('Deleted', null)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete permanently' }));
    expect(screen.getByText(/erase the traveller's personal data for good/)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('change-order-status'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order deleted.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('change-order-status'));
    expect(sent?.body).toEqual({ orderId: 100001, updatingStatus: 'Deleted', permanentDeletedFlag: true });
  });

  it('restores a deleted order through restore-orders', async () => {
    signInAs('Admin', 'Demo Admin');
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'restore-orders': { body: { status: 1, message: 'Order restored.', data: { restored: [100001], results: [] } } },
    });
    renderWithApp(<StatusMoves order={orderOf('Deleted', null)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Order restored.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('restore-orders'));
    expect(sent).toMatchObject({ method: 'PUT', body: { orderId: [100001] } });
  });

  it('gives a claim back to the shared folders with assignto null', async () => {
    signInAs('Manager', 'Demo Team');
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'assign-order-status': {
        body: { status: 1, message: 'Order released.', data: { released: [100001], results: [] } },
      },
    });
    renderWithApp(<StatusMoves order={orderOf('New')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move to Original Folder' }));
    expect(await screen.findByText('Order released.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('assign-order-status'));
    expect(sent).toMatchObject({ method: 'PUT', body: { orderId: [100001], assignto: null } });
  });
});
