import { dialCodeFor } from './dial-codes';

/**
 * The answer of GET /admin/get-orders-details/{orderId} (SPEC §3 Order, DESIGN §7): the
 * application in the spec's snake_case names, its processing fields and its histories.
 */
export interface OrderDetail {
  order_id: number;
  email: string | null;
  confirm_email: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  different_name: string | null;
  gender: string | null;
  birth_date: string | null;
  birth_month: string | null;
  birth_year: string | null;
  place_of_birth: string | null;
  territory_of_birth: string | null;
  national_identity_number: string | null;
  country_code: string | null;
  phone_number: string | null;
  nationality: string | null;
  issuing_country: string | null;
  passport_number: string | null;
  expiry_date: string | null;
  expiry_month: string | null;
  expiry_year: string | null;
  australian_permanent_resident: string | null;
  australian_permanent_resident_two: string | null;
  travelling_to_new_zealand: string | null;
  transit_passenger_passing: string | null;
  stayind_in_new_zealand: string | null;
  medical_consultation: string | null;
  another_country: string | null;
  prohibited_from_entering: string | null;
  any_offence: string | null;
  more_imprisonment: string | null;
  convicted_of_an_offence: string | null;
  profile_image: string | null;
  processing_mode: string;
  process_status: string;
  previous_status: string | null;
  process_month: string | null;
  processing_date: string | null;
  /** the assignee's name */
  assign_to: string | null;
  processed_by: string | null;
  processed_at: string | null;
  refund_date: string | null;
  transaction_id: string | null;
  merchant_name: string | null;
  amount: string | null;
  currency: string | null;
  payment_gateway: string | null;
  paid_at: string | null;
  erased_at: string | null;
  created_at: string;
  updated_at: string;
  /** `{order_id}@APPLICATION_MAIL_DOMAIN` */
  application_email: string;
  otherNames: OtherName[];
  uploadDoc: UploadedDocument[];
  mailHistory: MailHistoryEntry[];
  downloadHistory: DownloadHistoryEntry[];
  remark: RemarkEntry[];
  activity: ActivityEntry[];
}

export interface OtherName {
  different_first_name: string | null;
  different_last_name: string | null;
}

/** Newest first; file1 is the generated storage name. */
export interface UploadedDocument {
  file1: string;
  customer_name: string | null;
  mail_service_provider: string | null;
  content_type: string;
  created_at: string;
}

export type MailState = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailHistoryEntry {
  id: number;
  order_id: number;
  create_ts: string;
  sent_at: string | null;
  kind: string;
  to_address: string;
  state: MailState;
  attempts: number;
  last_error: string | null;
  /** which transport actually delivered: ses, sendgrid or file */
  transport: string | null;
  uploadDoc: { file1: string | null; mail_service_provider: string };
  /** the latest delivery state the provider reported, null before any event */
  delivery_state: DeliveryState | null;
  delivery_state_at: string | null;
  delivery_reason: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  /** the message this one re-sent through the other provider */
  fallback_of: number | null;
  /** every event the provider reported, oldest first */
  events: MailEventEntry[];
}

/** What the provider last said about a message; a failure is never replaced by a late success. */
export const DELIVERY_STATES = ['deferred', 'delivered', 'bounced', 'dropped', 'complained'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** States after which the customer did not get the message (or does not want our mail). */
export const FAILED_DELIVERY_STATES: readonly DeliveryState[] = ['bounced', 'dropped', 'complained'];

export const MAIL_EVENT_TYPES = [
  'processed',
  'delivered',
  'deferred',
  'bounce',
  'dropped',
  'spamreport',
  'open',
  'click',
] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

export interface MailEventEntry {
  id: number;
  provider: string;
  event: MailEventType;
  /** when the provider says it happened (ISO, UTC) */
  occurred_at: string;
  reason: string | null;
  /** hard | soft, for bounces */
  bounce_type: string | null;
  url: string | null;
}

export interface DownloadHistoryEntry {
  id: number;
  order_id: number;
  create_ts: string;
  file1: string | null;
  ip: string | null;
  timezone: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  device_type: string | null;
}

export type RemarkFlag = 'Y' | 'N';

export interface RemarkEntry {
  id: number;
  order_id: number;
  create_ts: string;
  /** date and time in the business time zone */
  us_date: string;
  us_time: string;
  remark_name: string;
  remark: string;
  whatsapp: RemarkFlag;
  telephone: RemarkFlag;
  status_refund: RemarkFlag;
  voided: RemarkFlag;
  chargeback: RemarkFlag;
  report_error: RemarkFlag;
}

export interface ActivityEntry {
  id: number;
  create_ts: string;
  actor_name: string;
  action: string;
  from_value: string | null;
  to_value: string | null;
  detail: Record<string, unknown> | null;
}

/** The labels of Comment History's flags, in the spec's order (SPEC §2.13). */
const REMARK_FLAG_LABELS = {
  whatsapp: 'Whatsapp',
  telephone: 'Telephone',
  status_refund: 'Refund',
  voided: 'Voided',
  chargeback: 'Chargeback',
  report_error: 'ReportError',
} as const satisfies Partial<Record<keyof RemarkEntry, string>>;

type RemarkFlagKey = keyof typeof REMARK_FLAG_LABELS;

/** The flags of Comment History as a list, for screens that show the raised ones. */
export const REMARK_FLAGS: ReadonlyArray<{ key: RemarkFlagKey; label: string }> = Object.entries(
  REMARK_FLAG_LABELS,
).map(
  // Object.entries types keys as string; these are the record's own keys.
  ([key, label]) => ({ key: key as RemarkFlagKey, label }),
);

/** The approval e-mail preview of 'View Email Content'. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** wa.me link with the customer's number and a prefilled message; null without a phone */
  whatsappUrl: string | null;
}

/**
 * `https://wa.me/<digits>?text=…`: wa.me wants the international number as digits only, dial
 * code first. Without a known dial code the number is used as given, when it has enough digits.
 */
export function whatsappLink(
  country: string | null | undefined,
  phone: string | null | undefined,
  message: string,
): string | null {
  const local = (phone ?? '').replace(/\D/g, '');
  if (!local) return null;
  const dial = dialCodeFor(country)?.replace(/\D/g, '') ?? '';
  const number = dial && !local.startsWith(dial) ? dial + local.replace(/^0+/, '') : local;
  if (number.length < 7) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The data of a defence pack letter (DESIGN §5), for the modal preview; the PDF says the same. */
export interface DefencePackDetails {
  packType: 1 | 2;
  title: string;
  company: { name: string; addressLines: string[]; phone: string; email: string; website: string };
  /** the letter's date, e.g. '22 November 2026' */
  date: string;
  orderId: number;
  merchantName: string | null;
  transactionId: string | null;
  /** the order's facts as label and value */
  facts: Array<[label: string, value: string]>;
  /** the fixed statement that no refund request or complaint was received */
  statement: string;
  paragraphs: string[];
  /** what each enclosure holds, as the letter lists them */
  enclosures: string[];
  closing: string[];
  historyTitle: string;
  historyColumns: string[];
  historyRows: string[][];
  /** first, last and counts of a history too long for a page; null when every row is shown */
  historySummary: string | null;
  /** e-mails of the order to other addresses, counted but not listed */
  historyNote: string | null;
}
