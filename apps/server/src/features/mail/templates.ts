import { DEFAULT_BUSINESS_TZ, formatDate, fullName, MISSING } from '@nzeta/domain';
import type { orders } from '../../db/schema';
import type { CompanySettings } from './company-settings';
import { type Block, type Inline, type MailContent, type RenderedMail, renderLayout } from './mail-layout';

export { escapeHtml, type RenderedMail } from './mail-layout';

export const MAIL_KINDS = ['approval', 'resend', 'refund', 'invoice', 'password-reset'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How long a password-reset link stays valid (DESIGN §4). */
export const PASSWORD_RESET_VALID_MINUTES = 30;

interface WithSettings {
  settings: CompanySettings;
}
export interface ApprovalMailData extends WithSettings {
  orderId: number;
  applicantName: string;
  /** the visitor page where the document can be downloaded again */
  trackOrderUrl?: string | undefined;
  /** the attached document as the customer sees it */
  document?: { fileName: string; size: number } | undefined;
}

/** A file size as people read it: 845 bytes, 12 KB, 1.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
export interface RefundMailData extends WithSettings {
  orderId: number;
  applicantName: string;
  amount?: string | null | undefined;
  currency?: string | null | undefined;
  refundDate: string | Date;
  timeZone?: string | undefined;
}
export interface InvoiceMailData extends WithSettings {
  orderId: number;
  applicantName: string;
  invoiceNumber: string;
}
export interface PasswordResetMailData extends WithSettings {
  name: string;
  resetUrl: string;
}
export interface MailDataByKind {
  approval: ApprovalMailData;
  resend: ApprovalMailData;
  refund: RefundMailData;
  invoice: InvoiceMailData;
  'password-reset': PasswordResetMailData;
}

const greeting = (name: string): Block => ({ type: 'p', parts: [`Dear ${name.trim() || 'Customer'},`] });
const signoff = (settings: CompanySettings): Block => ({
  type: 'p',
  parts: ['Kind regards,', '\n', { bold: settings.company.name }],
});
const helpLine = ({ support }: CompanySettings, orderId: number): Block => ({
  type: 'p',
  parts: [
    'If you have any questions, our customer service team is happy to help: call ',
    { bold: support.phone },
    ' or e-mail ',
    { href: `mailto:${support.email}`, label: support.email },
    `. Please quote your order ID ${orderId}.`,
  ],
});

function approvalContent(data: ApprovalMailData, isResend: boolean): MailContent {
  const { orderId, settings } = data;
  const download: Block[] = data.trackOrderUrl
    ? [
        {
          type: 'p',
          parts: [
            'You can also download it again at any time from ',
            { href: data.trackOrderUrl, label: 'your order page' },
            ' with your order ID and the e-mail address used on the application.',
          ],
        },
      ]
    : [];
  const opening: Inline[] = isResend
    ? ['As requested, we are sending your approved travel document for order ', { bold: String(orderId) }, ' again.']
    : [
        'Good news: your ',
        settings.productTitle,
        ' application for order ',
        { bold: String(orderId) },
        ' has been approved.',
      ];
  return {
    subject: isResend
      ? `Your NZeTA travel document (resent) - Order ${orderId}`
      : `Your NZeTA has been approved - Order ${orderId}`,
    preheader: `Your approved travel document for order ${orderId} is attached.`,
    blocks: [
      greeting(data.applicantName),
      { type: 'p', parts: opening },
      {
        type: 'p',
        parts: [
          'Your approved travel document is attached to this e-mail. Please download it, keep a copy with your passport and have it ready when you travel to New Zealand.',
        ],
      },
      {
        type: 'facts',
        rows: [
          ['Order ID', String(orderId)],
          ['Applicant', data.applicantName || MISSING],
          ['Status', 'Approved'],
          ...(data.document
            ? [
                ['Attached document', `${data.document.fileName} (${formatFileSize(data.document.size)})`] as [
                  string,
                  string,
                ],
              ]
            : []),
        ],
      },
      ...download,
      helpLine(settings, orderId),
      signoff(settings),
    ],
  };
}

function refundContent(data: RefundMailData): MailContent {
  const amount = data.amount ? `${data.currency ?? ''} ${Number(data.amount).toFixed(2)}`.trim() : undefined;
  return {
    subject: `Refund confirmation - Order ${data.orderId}`,
    preheader: `Your refund for order ${data.orderId} has been processed.`,
    blocks: [
      greeting(data.applicantName),
      { type: 'p', parts: ['We have processed the refund for your order ', { bold: String(data.orderId) }, '.'] },
      {
        type: 'facts',
        rows: [
          ['Order ID', String(data.orderId)],
          ...(amount ? [['Amount refunded', amount] as [string, string]] : []),
          ['Refund date', formatDate(data.refundDate, data.timeZone ?? DEFAULT_BUSINESS_TZ)],
        ],
      },
      {
        type: 'p',
        parts: [
          'The refund goes back to the card used for the payment. Depending on your bank it can take 5 to 10 business days to appear on your statement.',
        ],
      },
      helpLine(data.settings, data.orderId),
      signoff(data.settings),
    ],
  };
}

function invoiceContent(data: InvoiceMailData): MailContent {
  return {
    subject: `Invoice ${data.invoiceNumber} - Order ${data.orderId}`,
    preheader: `Your invoice for order ${data.orderId} is attached.`,
    blocks: [
      greeting(data.applicantName),
      {
        type: 'p',
        parts: [
          `Thank you for your order. Please find attached the invoice for your ${data.settings.productTitle} application.`,
        ],
      },
      {
        type: 'facts',
        rows: [
          ['Invoice number', data.invoiceNumber],
          ['Order ID', String(data.orderId)],
        ],
      },
      helpLine(data.settings, data.orderId),
      signoff(data.settings),
    ],
  };
}

function passwordResetContent(data: PasswordResetMailData): MailContent {
  return {
    subject: 'Reset your back-office password',
    preheader: `This link is valid for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
    blocks: [
      { type: 'p', parts: [`Hello ${data.name.trim() || 'there'},`] },
      {
        type: 'p',
        parts: [
          'We received a request to reset the password of your ',
          data.settings.productTitle,
          ' back-office account. Choose a new password with the button below.',
        ],
      },
      { type: 'button', href: data.resetUrl, label: 'Set a new password' },
      {
        type: 'p',
        parts: [
          'The link is valid for ',
          { bold: `${PASSWORD_RESET_VALID_MINUTES} minutes` },
          ' and works once. If you did not ask for a new password, ignore this e-mail: your password stays as it is.',
        ],
      },
      signoff(data.settings),
    ],
  };
}

/** Renders one kind of e-mail as {subject, html, text}; every interpolated value is escaped. */
export function renderMail<K extends MailKind>(kind: K, data: MailDataByKind[K]): RenderedMail {
  // Each branch narrows `data` by hand: TypeScript cannot correlate K with the map's entry.
  const content = (): MailContent => {
    switch (kind) {
      case 'approval':
        return approvalContent(data as ApprovalMailData, false);
      case 'resend':
        return approvalContent(data as ApprovalMailData, true);
      case 'refund':
        return refundContent(data as RefundMailData);
      case 'invoice':
        return invoiceContent(data as InvoiceMailData);
      default:
        return passwordResetContent(data as PasswordResetMailData);
    }
  };
  return renderLayout(content(), data.settings);
}

type OrderRow = typeof orders.$inferSelect;
export type MailOrder = Pick<OrderRow, 'orderId' | 'firstName' | 'lastName' | 'fullName'>;

/** The applicant's name as e-mails address them. */
export function applicantNameOf(order: Pick<OrderRow, 'firstName' | 'lastName' | 'fullName'>): string {
  const joined = fullName(order.firstName, order.lastName);
  return joined !== MISSING ? joined : order.fullName?.trim() || 'Customer';
}

/** The approval e-mail as the customer will receive it, for the 'View Email Content' modal. */
export function approvalPreview(
  order: MailOrder,
  settings: CompanySettings,
  options: { trackOrderUrl?: string; document?: ApprovalMailData['document'] } = {},
): RenderedMail {
  return renderMail('approval', {
    orderId: order.orderId,
    applicantName: applicantNameOf(order),
    settings,
    trackOrderUrl: options.trackOrderUrl,
    document: options.document,
  });
}
