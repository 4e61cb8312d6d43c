import type { OrderDetail } from '@nzeta/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderWithApp, signInAs } from '../../../test/render-with-app';
import { CommentForm } from './comment-form';

// Only what the comment form reads of an order; the rest of the detail plays no part here.
const order = { order_id: 100001, process_status: 'Awaiting', assign_to: null } as unknown as OrderDetail;

describe('the comment form', () => {
  it('asks for a remark before sending anything', async () => {
    signInAs('Team');
    const calls = answerFetch({ body: { status: 1, message: 'Remark added.' } });
    renderWithApp(<CommentForm order={order} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText('Please enter your remark')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the remark with the ticked flags, shows the server message and empties the form', async () => {
    signInAs('Team');
    const calls = answerFetch({ body: { status: 1, message: 'Remark added.' } });
    renderWithApp(<CommentForm order={order} />);
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'Called the traveller' } });
    fireEvent.click(screen.getByLabelText('Whatsapp'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText('Remark added.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('add-new-remark'));
    expect(sent?.body).toMatchObject({ orderId: 100001, remark: 'Called the traveller', whatsapp: 'Y' });
    await waitFor(() => expect((screen.getByLabelText('Remark') as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers the six flags of Comment History, ReportError after Chargeback, and sends ReportError when ticked', async () => {
    signInAs('Team');
    const calls = answerFetch({ body: { status: 1, message: 'Remark added.' } });
    renderWithApp(<CommentForm order={order} />);
    const flags = screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(flags).toEqual(['Whatsapp', 'Telephone', 'Refund', 'Voided', 'Chargeback', 'ReportError']);
    const reportError = screen.getByRole('checkbox', { name: 'ReportError' }) as HTMLInputElement;
    expect(reportError.checked).toBe(false);

    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'Wrong passport number on the form' } });
    fireEvent.click(reportError);
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText('Remark added.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('add-new-remark'));
    expect(sent?.body).toMatchObject({
      orderId: 100001,
      remark: 'Wrong passport number on the form',
      reportError: 'Y',
    });
    // Flags left unticked are not sent: the server records them as N.
    expect(sent?.body).not.toHaveProperty('chargeBack');
    await waitFor(() => expect(reportError.checked).toBe(false));
  });

  it('shows a refusal as the server words it and keeps what was typed', async () => {
    signInAs('Team');
    answerFetch({
      status: 409,
      body: {
        status: 0,
        message: "This order's personal data was erased: it is read-only.",
        code: 'TRANSITION_NOT_ALLOWED',
      },
    });
    renderWithApp(<CommentForm order={order} />);
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'Late note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText("This order's personal data was erased: it is read-only.")).toBeTruthy();
    expect((screen.getByLabelText('Remark') as HTMLTextAreaElement).value).toBe('Late note');
  });

  it('is not offered on an erased order', () => {
    signInAs('Team');
    answerFetch({ body: { status: 1, message: '' } });
    renderWithApp(<CommentForm order={{ ...order, erased_at: '2026-11-01T00:00:00Z' } as OrderDetail} />);
    expect(screen.queryByRole('button', { name: 'Add Comment' })).toBeNull();
  });
});
