/** Card disputes (chargebacks): networks, reason codes, states and deadlines (DESIGN §2). */

export const DISPUTE_NETWORKS = ['Visa', 'Mastercard', 'Amex', 'Discover', 'Other'] as const;
export type DisputeNetwork = (typeof DISPUTE_NETWORKS)[number];

export const DISPUTE_STATES = ['needs_response', 'evidence_ready', 'submitted', 'won', 'lost', 'accepted'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** States that close a dispute: recording one is for Admin and Manager (DESIGN §3). */
export const DISPUTE_OUTCOMES = ['won', 'lost', 'accepted'] as const satisfies readonly DisputeState[];
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export function isDisputeOutcome(state: string | null | undefined): state is DisputeOutcome {
  return !!state && (DISPUTE_OUTCOMES as readonly string[]).includes(state);
}

export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = {
  needs_response: 'Needs response',
  evidence_ready: 'Evidence ready',
  submitted: 'Submitted',
  won: 'Won',
  lost: 'Lost',
  accepted: 'Accepted',
};

export function disputeStateLabel(state: string | null | undefined): string {
  return state && state in DISPUTE_STATE_LABELS ? DISPUTE_STATE_LABELS[state as DisputeState] : '-';
}

export interface ReasonCode {
  network: DisputeNetwork;
  code: string;
  meaning: string;
}

/**
 * The common card-not-present reason codes with their plain-English meaning. A dispute may carry
 * any other code as free text.
 */
export const REASON_CODES: readonly ReasonCode[] = [
  { network: 'Visa', code: '10.4', meaning: 'Fraud: card-absent environment (cardholder says they did not pay)' },
  { network: 'Visa', code: '13.1', meaning: 'Services not provided or merchandise not received' },
  { network: 'Visa', code: '13.3', meaning: 'Not as described or defective' },
  { network: 'Visa', code: '13.5', meaning: 'Misrepresentation' },
  { network: 'Visa', code: '13.6', meaning: 'Credit not processed (refund promised but not given)' },
  { network: 'Visa', code: '12.6.1', meaning: 'Duplicate processing' },
  { network: 'Mastercard', code: '4837', meaning: 'No cardholder authorisation (fraud)' },
  { network: 'Mastercard', code: '4853', meaning: 'Cardholder dispute: not as described, not received' },
  { network: 'Mastercard', code: '4855', meaning: 'Goods or services not provided' },
  { network: 'Mastercard', code: '4863', meaning: 'Cardholder does not recognise the charge' },
  { network: 'Mastercard', code: '4834', meaning: 'Duplicate or point-of-interaction error' },
  { network: 'Amex', code: 'F29', meaning: 'Card not present (fraud)' },
  { network: 'Amex', code: 'C08', meaning: 'Goods or services not received' },
  { network: 'Amex', code: 'C31', meaning: 'Goods or services not as described' },
  { network: 'Amex', code: 'C02', meaning: 'Credit not processed' },
  { network: 'Discover', code: 'UA02', meaning: 'Fraud: card not present' },
  { network: 'Discover', code: 'AA', meaning: 'Cardholder does not recognise the charge' },
  { network: 'Discover', code: 'RG', meaning: 'Non-receipt of goods or services' },
];

/** "13.1 – Services not provided…" for a known code; the free text itself otherwise. */
export function reasonCodeLabel(code: string | null | undefined, network?: string | null): string {
  if (!code) return '-';
  const known =
    REASON_CODES.find((r) => r.code === code && (!network || r.network === network)) ??
    REASON_CODES.find((r) => r.code === code);
  return known ? `${known.code} – ${known.meaning}` : code;
}

/** What a card network accepts as one evidence file. */
export interface BundleProfile {
  maxPages: number;
  maxBytes: number;
}

const MB = 1024 * 1024;
/**
 * Defaults from the networks' published limits for one evidence file; kept in the
 * 'disputeBundleProfiles' setting, so a changed limit is a settings change, not a release.
 * 'Other' takes the strictest of them.
 */
export const DEFAULT_BUNDLE_PROFILES: Record<DisputeNetwork, BundleProfile> = {
  Visa: { maxPages: 50, maxBytes: 2 * MB },
  Mastercard: { maxPages: 19, maxBytes: 1 * MB },
  Amex: { maxPages: 20, maxBytes: 5 * MB },
  Discover: { maxPages: 20, maxBytes: 1 * MB },
  Other: { maxPages: 19, maxBytes: 1 * MB },
};

const DAY_MS = 86_400_000;
/** Whole days from `today` to `respondBy` (both YYYY-MM-DD); negative when overdue. */
export function daysLeft(respondBy: string, today: string): number {
  return Math.round((Date.parse(`${respondBy}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** A deadline is urgent (shown red) at 2 days or fewer, and when it has passed. */
export const URGENT_DAYS = 2;
/** The dashboard tile counts open disputes due within this many days. */
export const DUE_SOON_DAYS = 3;

export function isOpenDispute(state: string | null | undefined): boolean {
  return !isDisputeOutcome(state);
}

/** YYYY-MM-DD plus whole days. */
export function addDaysIso(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
