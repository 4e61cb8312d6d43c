import { z } from 'zod';
import { PROCESSING_MODES } from '../statuses';

/**
 * The body of POST /api/intake/orders: a paid application from the public site, in the spec's
 * snake_case field names (SPEC §3 Order). Unknown fields are stripped. profile_image is not
 * accepted: it names a stored file, and a caller must not point an order at another's file.
 */

const tooLong = (max: number) => `Must be at most ${max} characters.`;
/** Every text of an application can reach a letter, an e-mail or a PDF, where a break starts a new line. */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
const LINE_BREAK_MESSAGE = 'Line breaks are not allowed.';

const required = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, tooLong(max))
    .refine((v) => !LINE_BREAK.test(v), LINE_BREAK_MESSAGE);

/** Optional text: blank reads as absent, stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((v) => !LINE_BREAK.test(v), LINE_BREAK_MESSAGE)
    .nullish()
    .transform((v) => v || null);

/** The application site answers 'yes' or 'no'; case is not significant. */
const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['yes', 'no'], { error: "Must be 'yes' or 'no'." }))
  .nullish()
  .transform((v) => v ?? null);

const email = (label: string) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .toLowerCase()
    .max(254, tooLong(254))
    .pipe(z.email(`Please enter a valid ${label}.`));

/** numeric(10,2): up to 99,999,999.99, stored as a string so no float rounding creeps in. */
const amount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Please enter a valid amount.'),
    ],
    {
      error: 'Please enter the amount.',
    },
  )
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= 0 && v < 100_000_000, 'Please enter a valid amount.')
  .transform((v) => v.toFixed(2));

const otherName = z.object({
  different_first_name: optionalText(100),
  different_last_name: optionalText(100),
});

export const intakeApplicationInput = z
  .object({
    reference: required('caller reference', 100),
    email: email('e-mail address'),
    confirm_email: email('confirmation e-mail address').nullish(),
    first_name: required('first name', 100),
    last_name: required('last name', 100),
    different_name: yesNo,
    other_names: z.array(otherName).max(10, 'At most 10 other names.').default([]),
    gender: optionalText(20),
    birth_date: optionalText(20),
    birth_month: optionalText(20),
    birth_year: optionalText(20),
    place_of_birth: optionalText(100),
    territory_of_birth: optionalText(100),
    national_identity_number: optionalText(50),
    country_code: optionalText(100),
    phone_number: optionalText(30).refine((v) => !v || /^[0-9 +()-]+$/.test(v), 'Please enter a valid phone number.'),
    nationality: required('nationality', 100),
    issuing_country: optionalText(100),
    passport_number: required('passport number', 30),
    expiry_date: optionalText(20),
    expiry_month: optionalText(20),
    expiry_year: optionalText(20),
    australian_permanent_resident: yesNo,
    australian_permanent_resident_two: yesNo,
    travelling_to_new_zealand: yesNo,
    transit_passenger_passing: yesNo,
    stayind_in_new_zealand: yesNo,
    medical_consultation: yesNo,
    another_country: yesNo,
    prohibited_from_entering: yesNo,
    any_offence: yesNo,
    more_imprisonment: yesNo,
    convicted_of_an_offence: yesNo,
    processing_mode: z.enum(PROCESSING_MODES, { error: 'Processing mode must be Standard, Priority or Future.' }),
    processing_date: z.iso.date('Please enter the processing date as YYYY-MM-DD.').nullish(),
    amount,
    currency: z
      .string({ error: 'Please enter the currency.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Please enter a three-letter currency code.'),
    payment_gateway: optionalText(100),
    paid_at: z.iso
      .datetime({ offset: true, error: 'Please enter the payment time as an ISO date-time.' })
      .nullish()
      .transform((v) => v ?? null),
    transaction_id: optionalText(100),
  })
  .refine((v) => v.processing_mode !== 'Future' || !!v.processing_date, {
    message: 'Please enter the processing date of a Future order.',
    path: ['processing_date'],
  });

export type IntakeApplicationInput = z.input<typeof intakeApplicationInput>;
export type IntakeApplication = z.output<typeof intakeApplicationInput>;
