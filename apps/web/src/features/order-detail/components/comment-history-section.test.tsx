import type { OrderDetail, RemarkEntry } from '@nzeta/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, appConfigAnswer, renderWithApp } from '../../../test/render-with-app';
import { CommentHistorySection } from './comment-history-section';

function remarkOf(id: number, fields: Partial<RemarkEntry>): RemarkEntry {
  return {
    id,
    order_id: 100001,
    create_ts: '2026-12-01T01:30:00.000Z',
    us_date: '',
    us_time: '',
    remark_name: 'Demo Team',
    remark: '',
    whatsapp: 'N',
    telephone: 'N',
    status_refund: 'N',
    voided: 'N',
    chargeback: 'N',
    report_error: 'N',
    ...fields,
  };
}

// Only what Comment History reads of an order; the rest of the detail plays no part here.
const orderWith = (remark: RemarkEntry[]) => ({ order_id: 100001, remark, activity: [] }) as unknown as OrderDetail;

// Newest first, as the server sends them; the older one predates the ReportError flag.
const newer = remarkOf(12, {
  create_ts: '2026-12-01T01:30:00.000Z',
  remark_name: 'Demo Admin',
  remark: 'Customer asked for the document by WhatsApp.',
  whatsapp: 'Y',
  chargeback: 'Y',
});
const older = remarkOf(11, { create_ts: '2026-11-30T22:05:00.000Z', remark: 'Called, no answer.', telephone: 'Y' });
// A missing flag reads N.
Reflect.deleteProperty(older, 'report_error');

describe('Comment History', () => {
  it("is a table with the spec's columns, one row per comment, newest first", async () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderWithApp(<CommentHistorySection order={orderWith([newer, older])} />);
    const table = within(screen.getByRole('region', { name: 'Comment History' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Order ID', 'Date & Time', 'Team', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2']);
    expect(within(rows[0] as HTMLElement).getByText('100001')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Demo Admin')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Demo Team')).toBeTruthy();
    // In the business time zone (Pacific/Auckland here), with its name.
    expect(await within(rows[0] as HTMLElement).findByText(/^01\/12\/2026 14:30 \S+$/)).toBeTruthy();
    // The remark itself waits for Show.
    expect(screen.queryByText('Customer asked for the document by WhatsApp.')).toBeNull();
  });

  it('Show reveals the remark and its six flags as Y or N; Hide folds it away', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderWithApp(<CommentHistorySection order={orderWith([newer, older])} />);
    const [first, second] = screen.getAllByRole('button', { name: 'Show' });
    expect(first?.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first as HTMLElement);

    const toggle = screen.getByRole('button', { name: 'Hide' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(detail).not.toBeNull();
    const shown = within(detail as HTMLElement);
    expect(shown.getByText('Customer asked for the document by WhatsApp.')).toBeTruthy();
    expect(
      shown.getAllByRole('listitem').map((flag) => flag.textContent),
      'every flag, in the spec order',
    ).toEqual(['Whatsapp: Y', 'Telephone: N', 'Refund: N', 'Voided: N', 'Chargeback: Y', 'ReportError: N']);

    // The other comment opens on its own; a flag it never had reads N.
    fireEvent.click(second as HTMLElement);
    expect(screen.getByText('Called, no answer.')).toBeTruthy();
    expect(screen.getAllByText('ReportError: N')).toHaveLength(2);
    expect(screen.getAllByText('Telephone: Y')).toHaveLength(1);

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Show');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Customer asked for the document by WhatsApp.')).toBeNull();
    expect(screen.getByText('Called, no answer.')).toBeTruthy();
  });

  it('says No record found without comments', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderWithApp(<CommentHistorySection order={orderWith([])} />);
    expect(screen.getByRole('cell', { name: 'No record found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });
});
