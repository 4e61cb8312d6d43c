import { z } from 'zod';

/** A required text field: the same message whether the field is missing, not text, or blank. */
export function requiredText(message: string, max = 500) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);
}

/** Text a form requires: trimmed, and `missing` when absent, not text or blank. */
export function filledText(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing);
}

/**
 * An id typed as text (the visitor's order id, the invoice's): a client sending it as a JSON
 * number means the same id, so a whole number is read as its digits instead of being refused as
 * missing.
 */
export function idText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v), schema);
}

/** An e-mail address a form requires: `missing` when absent or blank, `invalid` when not an address. */
export function emailAddress(missing: string, invalid = missing) {
  return filledText(missing).max(254, invalid).pipe(z.email(invalid));
}

/** Text that may not carry line breaks: it can end up in an e-mail header. */
export function singleLine(schema: z.ZodString) {
  // The Unicode line and paragraph separators break lines in PDFs and some mail clients too.
  return schema.refine((v) => !/[\r\n\v\f\u0085\u2028\u2029]/.test(v), 'Line breaks are not allowed.');
}

export const orderIdValue = z.coerce
  .number({ error: 'Please enter a valid order id.' })
  .int('Please enter a valid order id.')
  .positive('Please enter a valid order id.')
  .max(Number.MAX_SAFE_INTEGER, 'Please enter a valid order id.');

export const orderIdList = z
  .array(orderIdValue, { error: 'Please select at least one order.' })
  .min(1, 'Please select at least one order.')
  .max(100_000, 'Too many orders selected.');

/** A flag of the comment form: 'Y' when ticked; absent or anything else reads as 'N'. */
export const yesNoFlag = z
  .union([z.literal('Y'), z.literal('N'), z.literal(''), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === 'Y' || v === true ? 'Y' : 'N'));

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), message: z.string(), data: data.optional() });
export const messageOnly = z.object({ status: z.number(), message: z.string() });
