import { z } from 'zod';
import { DISPUTE_NETWORKS, DISPUTE_STATES } from '../disputes';
import { orderIdValue, singleLine } from './common';

/** YYYY-MM-DD that is a real calendar day. */
export const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, message);

/** An optional date: empty, null or missing all mean "none". */
const optionalDate = (message: string) =>
  z
    .union([z.literal(''), z.null(), calendarDate(message)])
    .optional()
    .transform((v) => v || null);

const money = z
  .union([z.string(), z.number()], { error: 'Please enter a valid amount.' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), 'Please enter a valid amount.');

const currency = z
  .string({ error: 'Please enter a 3-letter currency code.' })
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Please enter a 3-letter currency code.')
  .transform((v) => v.toUpperCase());

const reasonCode = singleLine(
  z.string({ error: 'Please enter a reason code.' }).trim().min(1, 'Please enter a reason code.').max(60),
);

export const disputeFields = {
  network: z.enum(DISPUTE_NETWORKS, { error: 'Please choose the card network.' }),
  reasonCode,
  amount: z
    .union([money, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  currency: z
    .union([currency, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  openedAt: optionalDate('Please enter the opened date as YYYY-MM-DD.'),
  respondBy: optionalDate('Please enter the respond-by date as YYYY-MM-DD.'),
};

/** PUT /api/admin/orders/{orderId}/dispute: the whole record (DESIGN §2). */
export const disputeInput = z.object({
  ...disputeFields,
  state: z.enum(DISPUTE_STATES, { error: 'Unknown dispute state.' }),
  outcomeAt: optionalDate('Please enter the outcome date as YYYY-MM-DD.'),
  notes: z
    .string()
    .max(4000, 'Notes must be at most 4000 characters.')
    .nullable()
    .optional()
    .transform((v) => v?.trim() || null),
});
export type DisputeInput = z.input<typeof disputeInput>;
export type DisputeValues = z.output<typeof disputeInput>;

/** The record as the API answers it. */
export const disputeRecord = z.object({
  orderId: z.number(),
  network: z.enum(DISPUTE_NETWORKS),
  reasonCode: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  openedAt: z.string().nullable(),
  respondBy: z.string().nullable(),
  state: z.enum(DISPUTE_STATES),
  outcomeAt: z.string().nullable(),
  notes: z.string().nullable(),
  gatewayDisputeId: z.string().nullable(),
  /** false: the order has no dispute yet; the values are the defaults a form starts from */
  isRecorded: z.boolean(),
});
export type DisputeRecord = z.infer<typeof disputeRecord>;

export const disputeParams = z.object({ orderId: orderIdValue });

/** POST /api/intake/disputes: a payment gateway reports a dispute (API key). */
export const disputeIntakeInput = z
  .object({
    /** the gateway's own id of the dispute: the same id twice is one dispute */
    disputeId: singleLine(
      z.string({ error: 'Please send the dispute id.' }).trim().min(1, 'Please send the dispute id.').max(200),
    ),
    transactionId: z.string().trim().max(200).optional(),
    orderId: orderIdValue.optional(),
    network: z.enum(DISPUTE_NETWORKS, { error: 'Please choose the card network.' }).default('Other'),
    reasonCode,
    amount: money,
    currency,
    openedAt: optionalDate('Please send the opened date as YYYY-MM-DD.'),
    respondBy: optionalDate('Please send the respond-by date as YYYY-MM-DD.'),
  })
  .refine((v) => !!v.transactionId || v.orderId !== undefined, {
    message: 'Please send the transaction id or the order id.',
    path: ['transactionId'],
  });
export type DisputeIntakeInput = z.input<typeof disputeIntakeInput>;

const profile = z.object({
  maxPages: z.coerce.number().int().min(2, 'A bundle needs at least 2 pages.').max(500),
  maxBytes: z.coerce.number().int().min(200_000, 'A bundle needs at least 200,000 bytes.').max(100_000_000),
});
/** The 'disputeBundleProfiles' setting: per network, what one evidence file may hold. */
export const bundleProfilesInput = z.object(
  Object.fromEntries(DISPUTE_NETWORKS.map((n) => [n, profile])) as Record<
    (typeof DISPUTE_NETWORKS)[number],
    typeof profile
  >,
);

/** GET /api/admin/dispute-report */
export const disputeReportQuery = z.object({
  from: optionalDate('Please enter a date as YYYY-MM-DD.'),
  to: optionalDate('Please enter a date as YYYY-MM-DD.'),
});
export type DisputeReportQuery = z.infer<typeof disputeReportQuery>;

export interface DisputeReportGroup {
  key: string;
  disputes: number;
  won: number;
  lost: number;
  accepted: number;
  open: number;
  /** won / (won + lost + accepted), null when none is decided */
  winRate: number | null;
  amountDisputed: string;
  amountLost: string;
}

export interface DisputeReport {
  totals: DisputeReportGroup;
  byMonth: DisputeReportGroup[];
  byNetwork: DisputeReportGroup[];
  byReason: DisputeReportGroup[];
}

/** What the bundle's preview says before download. */
export interface BundleSummary {
  network: string;
  profile: { maxPages: number; maxBytes: number };
  pages: number;
  bytes: number;
  fits: boolean;
  shortened: string[];
}

export type EvidenceCheckKey =
  | 'documentDelivered'
  | 'deliveryConfirmed'
  | 'customerDownloaded'
  | 'transactionIdPresent'
  | 'noRefundRequest';

export interface EvidenceCheck {
  key: EvidenceCheckKey;
  label: string;
  ok: boolean;
  detail: string;
}

/** GET /api/admin/orders/{orderId}/dispute/evidence: what the chargeback panel shows. */
export interface ChargebackEvidence {
  checklist: EvidenceCheck[];
  transaction: {
    transactionId: string | null;
    merchantName: string | null;
    paymentGateway: string | null;
    amount: string | null;
    currency: string | null;
    paidAt: string | null;
  };
  delivery: {
    document: { name: string | null; size: number; sha256: string; uploadedAt: string } | null;
    approval: {
      to: string;
      state: string;
      deliveryState: string | null;
      sentAt: string | null;
      providerMessageId: string | null;
      events: Array<{ event: string; occurredAt: string; reason: string | null }>;
    } | null;
    downloads: { count: number; first: string | null; last: string | null; lastDevice: string | null };
  };
  bundle: BundleSummary;
}
