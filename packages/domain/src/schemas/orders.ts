import { z } from 'zod';
import { listSortFields } from '../console/schemas';
import { type FolderKey, MAX_PAGE_SIZE, MONTHS, toFolderKey } from '../folders';
import { STATUSES } from '../statuses';
import {
  emailAddress,
  filledText,
  idText,
  orderIdList,
  orderIdValue,
  requiredText,
  singleLine,
  yesNoFlag,
} from './common';

const pageNumber = z.coerce
  .number({ error: 'Page must be a number.' })
  .int()
  .min(1, 'Page must be 1 or more.')
  .max(10_000_000);
const pageSize = z.coerce
  .number({ error: 'Page size must be a number.' })
  .int()
  .min(1, 'Page size must be 1 or more.')
  .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}.`);

export const folderListQuery = z.object({
  page: pageNumber.default(1),
  limit: pageSize.optional(),
  perPage: pageSize.optional(),
  userName: z.string().max(200).optional(),
  delay: z.string().max(10).optional(),
  month: z.enum(MONTHS, { error: 'Please choose a month.' }).optional(),
  search: z.string().max(200, 'Search must be at most 200 characters.').optional(),
});
export type FolderListQuery = z.infer<typeof folderListQuery>;

/** A folder key or one of its older spellings, read into the key itself ('Unknown folder.' otherwise). */
export function folderKey(text: z.ZodString) {
  return text.transform((value, ctx): FolderKey => {
    const key = toFolderKey(value);
    if (key) return key;
    ctx.issues.push({ code: 'custom', message: 'Unknown folder.', input: value });
    return z.NEVER;
  });
}

export const folderName = folderKey(z.string());

export const searchOrdersInput = z.object({
  start: pageNumber.default(1),
  end: pageSize.default(10),
  searchVal: z
    .string({ error: 'Please enter a search term.' })
    .max(200, 'Search must be at most 200 characters.')
    .default(''),
  folderName: folderName.default('allOrder'),
  ...listSortFields,
});
export type SearchOrdersInput = z.infer<typeof searchOrdersInput>;

export const assignOrdersInput = z.object({
  orderId: orderIdList,
  /** The signed-in member's name to claim, null to move back to the original folder. */
  assignto: z.string().max(200).nullable(),
});
export type AssignOrdersInput = z.infer<typeof assignOrdersInput>;

export const changeOrderStatusInput = z.object({
  // One id (detail page) or a list (bulk actions); a single value is read as a list of one so
  // a bad id answers the id's own message rather than a generic union error.
  orderId: z.preprocess((v) => (v === undefined || v === null || Array.isArray(v) ? v : [v]), orderIdList),
  updatingStatus: z.enum(STATUSES, { error: 'Unknown status.' }),
  /** true, 1 or '1' erase the order for good (Deleted only); read here into a boolean */
  permanentDeletedFlag: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1'),
});
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusInput>;

export const completeRefundInput = z.object({ orderId: orderIdList });

/** Restore Deleted orders to the status they had before (Admin, Manager). */
export const restoreOrdersInput = z.object({ orderId: orderIdList });

/** Hand orders to a colleague, or back to the shared folders with staffId null (Admin, Manager). */
export const reassignOrdersInput = z.object({
  orderId: orderIdList,
  staffId: z
    .number({ error: 'Please choose a team member.' })
    .int()
    .positive('Please choose a team member.')
    // A staff id is a PostgreSQL integer: a larger number names nobody, and must not reach the query.
    .max(2_147_483_647, 'Team member not found.')
    .nullable(),
});
export type ReassignOrdersInput = z.infer<typeof reassignOrdersInput>;

export const reportRangeInput = z
  .object({
    fromDate: z.iso.date('Please enter a valid From date.').optional().or(z.literal('')),
    toDate: z.iso.date('Please enter a valid To date.').optional().or(z.literal('')),
  })
  // Reported on To, so a form shows it under that field.
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    message: 'From date must not be after To date.',
    path: ['toDate'],
  });
export type ReportRangeInput = z.infer<typeof reportRangeInput>;

export const addRemarkInput = z.object({
  orderId: orderIdValue,
  remark: requiredText('Please enter your remark', 5000),
  remarkerName: z.string().max(200).optional(),
  whatsapp: yesNoFlag,
  telephone: yesNoFlag,
  statusRefund: yesNoFlag,
  voided: yesNoFlag,
  chargeBack: yesNoFlag,
  reportError: yesNoFlag,
});
export type AddRemarkInput = z.input<typeof addRemarkInput>;

export const transactionDetailsInput = z.object({
  transactionId: singleLine(requiredText('Please enter your Transaction Id', 100)),
  merchantName: singleLine(requiredText('Please enter your Merchant Name', 200)),
  orderId: orderIdValue,
});
export type TransactionDetailsInput = z.infer<typeof transactionDetailsInput>;

export const MAIL_PROVIDERS = ['AWS', 'Sendgrid'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
export const isMailProvider = (value: string): value is MailProvider =>
  (MAIL_PROVIDERS as readonly string[]).includes(value);
const mailProvider = z.preprocess(
  (v) => (typeof v === 'string' && v.toLowerCase() === 'sendgrid' ? 'Sendgrid' : v),
  z.enum(MAIL_PROVIDERS, { error: 'Please choose AWS or Sendgrid.' }),
);

const customerEmail = emailAddress('Please enter your email', 'Please enter a valid email');

/** Text fields of the multipart upload; the file is checked by content on the server. */
export const uploadDocumentFields = z.object({
  orderId: orderIdValue,
  email: customerEmail,
  mailServiceProvider: mailProvider,
});
/** The file part is checked on the server by content; this is its message when absent. */
export const FILE_REQUIRED_MESSAGE = 'File is required';
export const uploadDocumentEmail = z.object({ email: customerEmail });

export const resendMailInput = z.object({
  orderId: orderIdValue,
  email: customerEmail,
  mailServiceProvider: mailProvider,
  /** the member confirmed sending to an address that marked our mail as spam */
  confirmComplained: z.boolean().optional().default(false),
});

/** Re-sends a refused approval e-mail through the other provider (Email History). */
export const resendViaFallbackInput = z.object({
  orderId: orderIdValue,
  mailId: z.coerce.number({ error: 'Invalid e-mail.' }).int('Invalid e-mail.').positive('Invalid e-mail.'),
  confirmComplained: z.boolean().optional().default(false),
});
export type ResendViaFallbackInput = z.infer<typeof resendViaFallbackInput>;

/** The answer to a resend to an address that complained: the client asks, then sends again. */
export const COMPLAINED_ADDRESS_MESSAGE =
  'This address marked an earlier e-mail as spam. Please confirm that the customer asked for it again.';
export type ResendMailInput = z.infer<typeof resendMailInput>;

export const DEFENCE_PACK_TYPES = [1, 2] as const;
export const defencePackInput = z.object({
  orderId: orderIdValue,
  defencePackType: z.coerce
    .number({ error: 'Defence pack type must be 1 or 2.' })
    .refine((v) => v === 1 || v === 2, 'Defence pack type must be 1 or 2.'),
});

/** The Send Invoice form as staff fill it in. */
export const sendInvoiceForm = z.object({
  orderId: filledText('Please enter your order id.')
    .min(6, 'Order Id must be at least 6 characters.')
    .max(15, 'Please enter a valid order id.')
    .regex(/^\d+$/, 'Please enter a valid order id.'),
});

/** The send-invoice body: the form's, with an order id sent as a JSON number read as its digits. */
export const sendInvoiceInput = sendInvoiceForm.extend({ orderId: idText(sendInvoiceForm.shape.orderId) });

/** An order id in a path, read into its number. */
export const orderIdParam = z.object({
  orderId: z
    .string()
    .regex(/^\d{1,15}$/, 'Please enter a valid order id.')
    .transform(Number),
});
