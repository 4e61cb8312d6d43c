import { z } from 'zod';
import {
  DELIVERY_STATES,
  type DefencePackDetails,
  type EmailContent,
  MAIL_EVENT_TYPES,
  type OrderDetail,
} from '../order-detail';
import {
  addRemarkInput,
  defencePackInput,
  orderIdParam,
  resendMailInput,
  resendViaFallbackInput,
  sendInvoiceInput,
  transactionDetailsInput,
} from '../schemas/orders';
import { companyData } from './account';
import { answer, contract, createdAnswer, getWith, isoText, messageAnswer, post, postEmpty } from './contract';

/** The order detail page (SPEC §2.13, §3 Order): read, comment, documents, e-mail, packs. */

const text = z.string().nullable();
const flag = z.enum(['Y', 'N']);

const mailEvent = z.object({
  id: z.number(),
  provider: z.string(),
  event: z.enum(MAIL_EVENT_TYPES),
  occurred_at: isoText,
  reason: text,
  bounce_type: text,
  url: text,
});

const mailHistoryEntry = z.object({
  id: z.number(),
  order_id: z.number(),
  create_ts: isoText,
  sent_at: isoText.nullable(),
  kind: z.string(),
  to_address: z.string(),
  state: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: text,
  transport: text,
  uploadDoc: z.object({ file1: text, mail_service_provider: z.string() }),
  delivery_state: z.enum(DELIVERY_STATES).nullable(),
  delivery_state_at: isoText.nullable(),
  delivery_reason: text,
  opened_at: isoText.nullable(),
  clicked_at: isoText.nullable(),
  fallback_of: z.number().nullable(),
  events: z.array(mailEvent),
});

const downloadHistoryEntry = z.object({
  id: z.number(),
  order_id: z.number(),
  create_ts: isoText,
  file1: text,
  ip: text,
  timezone: text,
  browser: text,
  os: text,
  device: text,
  device_type: text,
});

const remarkEntry = z.object({
  id: z.number(),
  order_id: z.number(),
  create_ts: isoText,
  us_date: z.string(),
  us_time: z.string(),
  remark_name: z.string(),
  remark: z.string(),
  whatsapp: flag,
  telephone: flag,
  status_refund: flag,
  voided: flag,
  chargeback: flag,
  report_error: flag,
});

const activityEntry = z.object({
  id: z.number(),
  create_ts: isoText,
  actor_name: z.string(),
  action: z.string(),
  from_value: text,
  to_value: text,
  detail: z.record(z.string(), z.unknown()).nullable(),
});

/** Every field of SPEC §3 Order plus DESIGN §7's processing fields and histories. */
export const orderDetailData = z.object({
  order_id: z.number(),
  email: text,
  confirm_email: text,
  full_name: text,
  first_name: text,
  last_name: text,
  different_name: text,
  gender: text,
  birth_date: text,
  birth_month: text,
  birth_year: text,
  place_of_birth: text,
  territory_of_birth: text,
  national_identity_number: text,
  country_code: text,
  phone_number: text,
  nationality: text,
  issuing_country: text,
  passport_number: text,
  expiry_date: text,
  expiry_month: text,
  expiry_year: text,
  australian_permanent_resident: text,
  australian_permanent_resident_two: text,
  travelling_to_new_zealand: text,
  transit_passenger_passing: text,
  stayind_in_new_zealand: text,
  medical_consultation: text,
  another_country: text,
  prohibited_from_entering: text,
  any_offence: text,
  more_imprisonment: text,
  convicted_of_an_offence: text,
  profile_image: text,
  processing_mode: z.string(),
  process_status: z.string(),
  previous_status: text,
  process_month: text,
  processing_date: text,
  assign_to: text,
  processed_by: text,
  processed_at: text,
  refund_date: text,
  transaction_id: text,
  merchant_name: text,
  amount: text,
  currency: text,
  payment_gateway: text,
  paid_at: text,
  erased_at: text,
  created_at: isoText,
  updated_at: isoText,
  application_email: z.string(),
  otherNames: z.array(z.object({ different_first_name: text, different_last_name: text })),
  uploadDoc: z.array(
    z.object({
      file1: z.string(),
      customer_name: text,
      mail_service_provider: text,
      content_type: z.string(),
      created_at: isoText,
    }),
  ),
  mailHistory: z.array(mailHistoryEntry),
  downloadHistory: z.array(downloadHistoryEntry),
  remark: z.array(remarkEntry),
  activity: z.array(activityEntry),
}) satisfies z.ZodType<OrderDetail>;

export const emailContentData = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  whatsappUrl: text,
}) satisfies z.ZodType<EmailContent>;

export const defencePackData = z.object({
  packType: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  company: companyData,
  date: z.string(),
  orderId: z.number(),
  merchantName: text,
  transactionId: text,
  facts: z.array(z.tuple([z.string(), z.string()])),
  statement: z.string(),
  paragraphs: z.array(z.string()),
  enclosures: z.array(z.string()),
  closing: z.array(z.string()),
  historyTitle: z.string(),
  historyColumns: z.array(z.string()),
  historyRows: z.array(z.array(z.string())),
  historySummary: text,
  historyNote: text,
}) satisfies z.ZodType<DefencePackDetails>;

export const trackLockData = z.object({
  /** wrong e-mails counted against the order in the current hour, from every address */
  failures: z.number(),
  /** whether the customer's look-ups are refused now (order-wide lock) */
  locked: z.boolean(),
  /** when the count ends; null when nothing is counted */
  until: isoText.nullable(),
});
export type TrackLock = z.infer<typeof trackLockData>;

const mailQueued = answer(z.object({ mailId: z.number() }));

export const orderDetail = getWith('/admin/get-orders-details/:orderId', orderIdParam, answer(orderDetailData));
export const addRemark = post('/admin/add-new-remark', addRemarkInput, createdAnswer);
export const saveTransactionDetails = post('/admin/save-transaction-details', transactionDetailsInput, messageAnswer);
export const emailContent = getWith('/admin/email-content/:orderId', orderIdParam, answer(emailContentData));
/** Multipart (orderId, email, mailServiceProvider, uploadVisaDoc): the fields are checked in the handler. */
export const uploadDocument = postEmpty(
  '/admin/upload-visa-document',
  answer(z.object({ file1: z.string(), mailId: z.number() })),
);
export const resendMail = post('/admin/resend-mail', resendMailInput, mailQueued);
export const resendMailFallback = post('/admin/resend-mail-fallback', resendViaFallbackInput, mailQueued);
export const documentParams = orderIdParam.extend({
  file1: z.string().regex(/^[A-Za-z0-9_-]{8,128}(\.[a-z0-9]{1,8})?$/, 'Document not found.'),
});
export const staffDocument = contract({
  method: 'GET',
  path: '/admin/documents/:orderId/:file1',
  params: documentParams,
  answer: null,
  produces: 'application/octet-stream',
});
export const defencePackPdf = contract({
  method: 'POST',
  path: '/admin/get-defence-pack-pdf',
  body: defencePackInput,
  answer: null,
  produces: 'application/pdf',
});
export const defencePackDetails = post('/admin/defence-pack-details', defencePackInput, answer(defencePackData));
export const sendInvoice = post('/admin/send-invoice', sendInvoiceInput, mailQueued);
export const trackLock = getWith('/admin/track-lock/:orderId', orderIdParam, answer(trackLockData));
export const clearTrackLock = contract({
  method: 'DELETE',
  path: '/admin/track-lock/:orderId',
  params: orderIdParam,
  answer: answer(z.null()),
});
