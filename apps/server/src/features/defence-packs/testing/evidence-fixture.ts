import type { DisputeRecord } from '@nzeta/domain';
import { DEFAULT_COMPANY_SETTINGS } from '../../mail/company-settings';
import type { DownloadRow, MailRow, OrderEvidence, OrderRow } from '../order-evidence';

export const UNICODE_NAME = { firstName: 'Łukasz Đặng', lastName: 'Ζωή Юлия' };
export const CUSTOMER_EMAIL = 'lukasz.dang@example.org';
export const PIXEL_AGENT = {
  browser: 'Mobile Chrome',
  browserVersion: '124.0.6367.113',
  os: 'Android 14',
  device: 'Google Pixel 8',
  deviceType: 'mobile',
};

const at = (minutes: number) => new Date(Date.UTC(2025, 1, 3, 14, 0) + minutes * 60_000).toISOString();

export function fixtureOrder(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    orderId: 104242,
    email: CUSTOMER_EMAIL,
    ...UNICODE_NAME,
    fullName: null,
    nationality: 'Poland',
    issuingCountry: 'Poland',
    createdAt: '2025-02-01T14:05:00Z',
    paidAt: '2025-02-01T14:06:00Z',
    amount: '99.00',
    currency: 'USD',
    paymentGateway: 'Stripe',
    transactionId: 'ch_3PZfixture42',
    merchantName: 'Acme Merchant Services',
    processStatus: 'ChargeBack',
    refundDate: null,
    ...overrides,
  } as OrderRow;
}

export function fixtureDownloads(n: number, orderId = 104242): DownloadRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    orderId,
    file1: 'doc.pdf',
    ip: `::ffff:203.0.113.${i % 250}`,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
    ...PIXEL_AGENT,
    timezone: 'Europe/Warsaw',
    createdAt: at(60 * 24 + i),
  }));
}

const KINDS = ['approval', 'resend', 'invoice', 'refund'] as const;

/** n e-mails to the customer (approval first, then resends, invoices, refunds) and `others` elsewhere. */
export function fixtureMails(n: number, others = 0, orderId = 104242): MailRow[] {
  const mail = (i: number, kind: string, to: string): MailRow => ({
    id: i + 1,
    orderId,
    kind,
    provider: i % 2 ? 'Sendgrid' : 'AWS',
    toAddress: to,
    subject: `Your NZeTA application ${orderId}`,
    html: '<p>Your travel authority is attached.</p>',
    text: `Dear ${UNICODE_NAME.firstName}, your New Zealand travel authority for order ${orderId} is attached.`,
    attachments:
      kind === 'approval' || kind === 'resend'
        ? [{ filename: 'NZeTA-approval.pdf', contentType: 'application/pdf', file1: 'doc.pdf' }]
        : kind === 'invoice'
          ? [{ filename: `invoice-${orderId}.pdf`, contentType: 'application/pdf', generated: 'invoice' }]
          : [],
    documentId: kind === 'approval' ? 1 : null,
    state: 'sent',
    attempts: 1,
    nextAttemptAt: at(i),
    lockedUntil: null,
    lastError: null,
    transport: null,
    providerMessageId: `msg-${i}`,
    idempotencyKey: `k-${i}`,
    createdBy: null,
    createdAt: at(i),
    sentAt: at(i),
    deliveryState: i === 0 ? 'delivered' : null,
    deliveryStateAt: i === 0 ? at(i + 1) : null,
    deliveryReason: null,
    openedAt: null,
    clickedAt: null,
    replyTo: null,
    fallbackOf: null,
  });
  return [
    ...Array.from({ length: n }, (_, i) => mail(i, i === 0 ? 'approval' : (KINDS[i % 4] as string), CUSTOMER_EMAIL)),
    ...Array.from({ length: others }, (_, i) => mail(n + i, 'resend', `someone.else${i}@other.example`)),
  ];
}

export function fixtureEvidence(options: { downloads?: number; mails?: number; others?: number } = {}): OrderEvidence {
  const order = fixtureOrder();
  const mails = fixtureMails(options.mails ?? 3, options.others ?? 1);
  return {
    order,
    company: DEFAULT_COMPANY_SETTINGS,
    mailFrom: 'NZeTA Service <no-reply@example.com>',
    approval: mails[0] ?? null,
    approvalDocument: {
      id: 1,
      orderId: order.orderId,
      file1: 'doc.pdf',
      originalName: 'NZeTA-approval.pdf',
      contentType: 'application/pdf',
      size: 48_213,
      sha256: 'a3f1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80',
      customerName: 'customer',
      mailServiceProvider: 'AWS',
      uploadedBy: null,
      createdAt: '2025-02-03T13:59:00Z',
    },
    approvalEvents: [
      {
        id: 1,
        mailId: 1,
        provider: 'AWS',
        event: 'delivered',
        providerEventId: 'ev-1',
        occurredAt: at(1),
        reason: null,
        bounceType: null,
        url: null,
        createdAt: at(1),
      },
    ],
    mails,
    downloads: fixtureDownloads(options.downloads ?? 3),
    activity: [],
    hasRefundRequest: false,
  };
}

/** A recorded dispute of the fixture's order, open and awaiting a response. */
export function fixtureDispute(network: DisputeRecord['network'] = 'Visa'): DisputeRecord {
  return {
    orderId: 104242,
    network,
    reasonCode: '13.1',
    amount: '99.00',
    currency: 'USD',
    openedAt: '2025-03-01',
    respondBy: '2025-03-20',
    state: 'needs_response',
    outcomeAt: null,
    notes: null,
    gatewayDisputeId: null,
    isRecorded: true,
  };
}
