import { z } from 'zod';
import { DISPUTE_NETWORKS, DISPUTE_STATES } from '../disputes';
import {
  bundleProfilesInput,
  type ChargebackEvidence,
  type DisputeReport,
  disputeInput,
  disputeIntakeInput,
  disputeParams,
  disputeRecord,
  disputeReportQuery,
} from '../schemas/disputes';
import { answer, contract, get, getWith, isoText, put } from './contract';

/** The chargeback desk: record, evidence, due count, report and bundle profiles. */

const text = z.string().nullable();

export const bundleSummaryData = z.object({
  network: z.string(),
  profile: z.object({ maxPages: z.number(), maxBytes: z.number() }),
  pages: z.number(),
  bytes: z.number(),
  fits: z.boolean(),
  shortened: z.array(z.string()),
});

export const chargebackEvidenceData = z.object({
  checklist: z.array(
    z.object({
      key: z.enum([
        'documentDelivered',
        'deliveryConfirmed',
        'customerDownloaded',
        'transactionIdPresent',
        'noRefundRequest',
      ]),
      label: z.string(),
      ok: z.boolean(),
      detail: z.string(),
    }),
  ),
  transaction: z.object({
    transactionId: text,
    merchantName: text,
    paymentGateway: text,
    amount: text,
    currency: text,
    paidAt: isoText.nullable(),
  }),
  delivery: z.object({
    document: z.object({ name: text, size: z.number(), sha256: z.string(), uploadedAt: isoText }).nullable(),
    approval: z
      .object({
        to: z.string(),
        state: z.string(),
        deliveryState: text,
        sentAt: isoText.nullable(),
        providerMessageId: text,
        events: z.array(z.object({ event: z.string(), occurredAt: isoText, reason: text })),
      })
      .nullable(),
    downloads: z.object({ count: z.number(), first: text, last: text, lastDevice: text }),
  }),
  bundle: bundleSummaryData,
}) satisfies z.ZodType<ChargebackEvidence>;

const reportGroup = z.object({
  key: z.string(),
  disputes: z.number(),
  won: z.number(),
  lost: z.number(),
  accepted: z.number(),
  open: z.number(),
  winRate: z.number().nullable(),
  amountDisputed: z.string(),
  amountLost: z.string(),
});
export const disputeReportData = z.object({
  totals: reportGroup,
  byMonth: z.array(reportGroup),
  byNetwork: z.array(reportGroup),
  byReason: z.array(reportGroup),
}) satisfies z.ZodType<DisputeReport>;

const profile = z.object({ maxPages: z.number(), maxBytes: z.number() });
export const bundleProfilesData = z.object(
  Object.fromEntries(DISPUTE_NETWORKS.map((n) => [n, profile])) as Record<
    (typeof DISPUTE_NETWORKS)[number],
    typeof profile
  >,
);
export type BundleProfiles = z.infer<typeof bundleProfilesData>;

export const dispute = getWith('/admin/orders/:orderId/dispute', disputeParams, answer(disputeRecord));
export const saveDispute = contract({
  method: 'PUT',
  path: '/admin/orders/:orderId/dispute',
  params: disputeParams,
  body: disputeInput,
  answer: answer(disputeRecord),
});
export const disputeEvidence = getWith(
  '/admin/orders/:orderId/dispute/evidence',
  disputeParams,
  answer(chargebackEvidenceData),
);
export const disputeEvidencePdf = contract({
  method: 'GET',
  path: '/admin/orders/:orderId/dispute/evidence.pdf',
  params: disputeParams,
  answer: null,
  produces: 'application/pdf',
});
export const dueDisputeCount = get('/admin/disputes/due-count', answer(z.object({ count: z.number() })));
export const disputeReport = contract({
  method: 'GET',
  path: '/admin/dispute-report',
  query: disputeReportQuery,
  answer: answer(disputeReportData),
});
export const disputeProfiles = get('/admin/dispute-profiles', answer(bundleProfilesData));
export const saveDisputeProfiles = put('/admin/dispute-profiles', bundleProfilesInput, answer(bundleProfilesData));
/** A payment gateway reports a dispute (API key): 201 for a new one, 200 for one already known. */
export const intakeDispute = contract({
  method: 'POST',
  path: '/intake/disputes',
  body: disputeIntakeInput,
  answer: answer(z.object({ order_id: z.number(), state: z.enum(DISPUTE_STATES) })),
  alsoAnswers: [201],
});
