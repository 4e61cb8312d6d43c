import { z } from 'zod';
import { slaHoursInput } from '../console/schemas';
import { emailAddress, requiredText, singleLine } from './common';

/** Text that ends up in e-mail headers and PDF letters: required, one line. */
const line = (message: string, max = 200) => singleLine(requiredText(message, max));

export const MAX_ADDRESS_LINES = 6;

export const companyBlockInput = z.object({
  name: line('Please enter the company name.', 120),
  /** Empty lines are dropped, so a form may offer a fixed number of inputs. */
  addressLines: z
    .array(z.string().trim().max(120, 'An address line must be at most 120 characters.'), {
      error: 'Please enter the company address.',
    })
    .transform((lines) => lines.filter((l) => l !== ''))
    .pipe(
      z
        .array(singleLine(z.string()))
        .min(1, 'Please enter the company address.')
        .max(MAX_ADDRESS_LINES, `At most ${MAX_ADDRESS_LINES} address lines.`),
    ),
  phone: line('Please enter the company phone number.', 40),
  email: emailAddress('Please enter a valid company email.'),
  website: z
    .string({ error: 'Please enter a valid website address.' })
    .trim()
    .max(200, 'Please enter a valid website address.')
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid website address.' })),
});
export type CompanyBlockInput = z.infer<typeof companyBlockInput>;

export const supportContactsInput = z.object({
  phone: line('Please enter the support phone number.', 40),
  email: emailAddress('Please enter a valid support email.'),
});

/** The Admin's Settings screen: what letters, e-mails and screens print, and the MFA policy. */
export const settingsInput = z.object({
  company: companyBlockInput,
  support: supportContactsInput,
  productTitle: line('Please enter the product title.', 120),
  /** When on, members without two-step verification are sent to set it up after signing in. */
  requireMfa: z.boolean({ error: 'Please choose whether two-step verification is required.' }),
  /** When on, an approval e-mail the provider refuses for good is re-sent through the other one. */
  autoMailFallback: z
    .boolean({ error: 'Please choose whether refused e-mails go through the other provider.' })
    .default(false),
  /** Service-level targets per processing mode; left out, the stored targets stay. */
  sla: slaHoursInput.optional(),
});
export type SettingsInput = z.input<typeof settingsInput>;
export type Settings = z.output<typeof settingsInput>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD.')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const auditQuery = z.object({
  action: z.string().trim().max(60).optional(),
  /** part of the acting member's name, case-insensitive */
  actor: z.string().trim().max(100).optional(),
  from: isoDate,
  to: isoDate,
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** A code from an authenticator app (or a recovery code where one is accepted). */
export const mfaCodeInput = z.object({
  code: requiredText('Please enter the code from your authenticator app.', 40),
});
export type MfaCodeInput = z.infer<typeof mfaCodeInput>;
