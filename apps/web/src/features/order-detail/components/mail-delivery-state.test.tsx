import type { MailEventEntry, MailHistoryEntry, OrderDetail } from '@nzeta/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { appConfigQuery } from '../../../lib/app-config';
import { canFallBack } from './fallback-button';
import { MailDeliveryState } from './mail-delivery-state';
import { MailEventsTable } from './mail-events-table';

function withConfig(children: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, {
    productTitle: 'NZeTA',
    publicSiteUrl: 'https://www.example.com',
    applicationMailDomain: 'applications.example.com',
    businessTimeZone: 'UTC',
    idleTimeoutMinutes: 30,
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const mail = (fields: Partial<MailHistoryEntry>): MailHistoryEntry => ({
  id: 7,
  order_id: 100001,
  create_ts: '2026-11-26T01:00:00.000Z',
  sent_at: '2026-11-26T01:00:01.000Z',
  kind: 'approval',
  to_address: 'traveller@example.org',
  state: 'sent',
  attempts: 1,
  last_error: null,
  transport: 'sendgrid',
  uploadDoc: { file1: 'abc.pdf', mail_service_provider: 'Sendgrid' },
  delivery_state: null,
  delivery_state_at: null,
  delivery_reason: null,
  opened_at: null,
  clicked_at: null,
  fallback_of: null,
  events: [],
  ...fields,
});

const renderState = (fields: Partial<MailHistoryEntry>) =>
  render(withConfig(<MailDeliveryState mail={mail(fields)} />));

const event = (fields: Partial<MailEventEntry>): MailEventEntry => ({
  id: 1,
  provider: 'sendgrid',
  event: 'processed',
  occurred_at: '2026-11-26T01:00:00.000Z',
  reason: null,
  bounce_type: null,
  url: null,
  ...fields,
});

describe('MailDeliveryState', () => {
  it('shows a bounce with its time and reason', () => {
    renderState({
      delivery_state: 'bounced',
      delivery_state_at: '2026-11-26T01:05:00.000Z',
      delivery_reason: 'mailbox does not exist',
    });
    expect(screen.getByText('Bounced')).toBeTruthy();
    expect(screen.getByText('mailbox does not exist')).toBeTruthy();
    expect(screen.getByText(/26\/11\/2026/)).toBeTruthy();
  });

  it('shows delivered with the first open, and waits quietly before any report', () => {
    renderState({
      delivery_state: 'delivered',
      delivery_state_at: '2026-11-26T01:05:00.000Z',
      opened_at: '2026-11-26T02:00:00.000Z',
    });
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText(/^Opened /)).toBeTruthy();
    cleanup();
    renderState({});
    expect(screen.getByText('No report yet')).toBeTruthy();
  });
});

describe('MailEventsTable', () => {
  it('lists every event with the bounce kind and reason', () => {
    render(
      withConfig(
        <MailEventsTable
          events={[
            event({}),
            event({
              id: 2,
              event: 'bounce',
              occurred_at: '2026-11-26T01:05:00.000Z',
              reason: 'mailbox does not exist',
              bounce_type: 'hard',
            }),
          ]}
        />,
      ),
    );
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Bounced (hard)')).toBeTruthy();
    expect(screen.getAllByText('SendGrid')).toHaveLength(2);
  });
});

describe('canFallBack', () => {
  it('offers the other provider for a refused or dropped document e-mail not yet re-sent', () => {
    const failed = mail({ state: 'failed' });
    const order = { mailHistory: [failed] } as OrderDetail;
    expect(canFallBack(failed, order)).toBe(true);
    expect(canFallBack(mail({ delivery_state: 'dropped' }), order)).toBe(true);
    expect(canFallBack(mail({ delivery_state: 'bounced' }), order)).toBe(false);
    expect(canFallBack(mail({ state: 'failed', kind: 'invoice' }), order)).toBe(false);
    const resent = { mailHistory: [failed, mail({ id: 8, fallback_of: 7 })] } as OrderDetail;
    expect(canFallBack(failed, resent)).toBe(false);
  });
});
