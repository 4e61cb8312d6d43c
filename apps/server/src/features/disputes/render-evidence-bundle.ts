import {
  type BundleProfile,
  type BundleSummary,
  DEFAULT_BUSINESS_TZ,
  type DisputeRecord,
  disputeStateLabel,
  orDash,
  reasonCodeLabel,
} from '@nzeta/domain';
import type { OrderEvidence } from '../defence-packs';
import {
  approvalEnclosure,
  createPdf,
  DEFAULT_LIMITS,
  downloadsEnclosure,
  factsEnclosure,
  formatMoney,
  mailsEnclosure,
  newPage,
  pageFooters,
  pdfToBuffer,
  type SectionLimits,
  type Shortened,
  writeLetter,
} from '../defence-packs';

export const BUNDLE_ENCLOSURES = [
  "Enclosure A: the application's facts and the order's activity.",
  'Enclosure B: the approval e-mail as it was sent, with the attached document and the delivery events the provider reported.',
  'Enclosure C: every download of the delivered document by the customer, with browser, operating system, device, IP address and time zone.',
  "Enclosure D: every e-mail we sent to the customer's address for this order, with its type and attachment.",
] as const;

/** Ever shorter histories until the bundle fits the network's profile. */
const ATTEMPTS: SectionLimits[] = [
  DEFAULT_LIMITS,
  { rows: 20, bodyChars: 1500 },
  { rows: 10, bodyChars: 800 },
  { rows: 4, bodyChars: 300 },
];

export interface BundleOptions {
  today: Date;
  timeZone?: string;
  profile: BundleProfile;
}

export interface RenderedBundle {
  pdf: Buffer;
  summary: BundleSummary;
}

function render(ev: OrderEvidence, dispute: DisputeRecord, limits: SectionLimits, options: BundleOptions) {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TZ;
  const { order, company } = ev;
  const doc = createPdf(`Chargeback evidence - Order ${order.orderId}`, company.company.name);
  writeLetter(doc, ev, {
    today: options.today,
    tz,
    enclosures: BUNDLE_ENCLOSURES,
    dispute: [
      ['Card network', dispute.network],
      ['Reason', reasonCodeLabel(dispute.reasonCode, dispute.network)],
      ['Amount disputed', formatMoney(dispute.amount, dispute.currency)],
      ['Respond by', orDash(dispute.respondBy)],
    ],
  });
  const shortened: Shortened = [];
  let y = factsEnclosure(doc, ev, newPage(doc), 'Enclosure A: the application', tz, limits, shortened);
  y = approvalEnclosure(doc, ev, y + 6, 'Enclosure B: the approval e-mail as sent', tz, limits, shortened);
  y = downloadsEnclosure(
    doc,
    ev,
    y + 6,
    'Enclosure C: Download History of the delivered document',
    tz,
    limits,
    shortened,
  );
  mailsEnclosure(doc, ev, y, "Enclosure D: Email History to the customer's address", tz, limits, shortened);
  const pages = doc.bufferedPageRange().count;
  pageFooters(
    doc,
    `${company.company.name} · Chargeback evidence · Order ${order.orderId} · ${disputeStateLabel(dispute.state)}`,
  );
  return pdfToBuffer(doc).then((pdf) => ({ pdf, pages, shortened }));
}

declare module '../../lib/pdf-renderer' {
  interface PdfJobs {
    evidenceBundle: typeof renderEvidenceBundle;
  }
}

/**
 * One PDF for the card network: the letter, then the enclosures (DESIGN §5), within the chosen
 * network's profile of pages and bytes. Histories are summarised further until it fits; the
 * summary says what was shortened, and whether even the shortest form still exceeds the profile.
 */
export async function renderEvidenceBundle(
  ev: OrderEvidence,
  dispute: DisputeRecord,
  options: BundleOptions,
): Promise<RenderedBundle> {
  const { profile } = options;
  let result: Awaited<ReturnType<typeof render>> | undefined;
  for (const limits of ATTEMPTS) {
    result = await render(ev, dispute, limits, options);
    if (result.pages <= profile.maxPages && result.pdf.length <= profile.maxBytes) break;
  }
  const { pdf, pages, shortened } = result as Awaited<ReturnType<typeof render>>;
  return {
    pdf,
    summary: {
      network: dispute.network,
      profile,
      pages,
      bytes: pdf.length,
      fits: pages <= profile.maxPages && pdf.length <= profile.maxBytes,
      shortened,
    },
  };
}
