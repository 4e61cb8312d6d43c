import type { IntakeApplicationInput } from '@nzeta/domain';
import { countryNames, dialCodeFor, MONTHS, type Role } from '@nzeta/domain';
import { hashPassword } from '../lib/passwords';
import type { DbOrTx } from './client';
import { type downloadHistory, type mailMessages, orderOtherNames, orders, type remarks, staff } from './schema';

/**
 * One set of data factories for tests, the demo seed and the benchmark (STYLE.md, Tests):
 * pure builders with unique random values, deterministic when given a seeded generator.
 */

export type NewOrder = typeof orders.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOtherName = Omit<typeof orderOtherNames.$inferInsert, 'orderId' | 'id'>;
export type OtherNameRow = typeof orderOtherNames.$inferSelect;
export type NewRemark = typeof remarks.$inferInsert;
export type NewDownload = typeof downloadHistory.$inferInsert;
export type NewMailMessage = typeof mailMessages.$inferInsert;
export type StaffRow = typeof staff.$inferSelect;

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough for demo data; a fixed seed replays the same data. */
export function createRng(seed: number = Math.floor(Math.random() * 2 ** 32)): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T,
    chance: (p: number) => next() < p,
  };
}

const defaultRng = createRng();

// Syllables rather than name lists of real people: every generated name is fictional.
const ONSETS = [
  'b',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'ch',
  'sh',
  'th',
  'br',
  'tr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'th', 'x'];
const CITIES = ['Northbridge', 'Eastvale', 'Port Sable', 'Riverton', 'Lakemont', 'Westmere', 'Highcliff', 'Stonebay'];
const FREQUENT_COUNTRIES = [
  'India',
  'United States',
  'United Kingdom',
  'China',
  'Germany',
  'Japan',
  'France',
  'Canada',
];
const CURRENCIES = ['USD', 'USD', 'USD', 'NZD', 'EUR', 'GBP', 'AUD', 'INR'];
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

let dialCountries: string[] | undefined;
/** Country names the dial-code table knows, so a generated phone always formats with a code. */
export function demoCountries(): string[] {
  dialCountries ??= countryNames().filter((name) => dialCodeFor(name) !== undefined);
  return dialCountries;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function buildName(rng: Rng = defaultRng): string {
  let word = '';
  for (let i = rng.int(2, 3); i > 0; i--) word += rng.pick(ONSETS) + rng.pick(VOWELS);
  return capitalize(word + rng.pick(CODAS));
}

export function randomCode(rng: Rng, length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

const digits = (rng: Rng, length: number) => randomCode(rng, length, '0123456789');
const pad2 = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD plus whole days, in UTC calendar arithmetic. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function processMonthOf(isoDate: string | null | undefined): string | null {
  if (!isoDate) return null;
  return MONTHS[Number(isoDate.slice(5, 7)) - 1] ?? null;
}

/**
 * A date after "today" in every time zone: the UTC date is at most one day away from any zone's
 * date, so two days ahead keeps Future orders out of the due folders whatever BUSINESS_TZ is.
 */
export function futureDate(rng: Rng, now: Date = new Date()): string {
  return addDays(now.toISOString().slice(0, 10), rng.int(2, 365));
}

export interface BuiltApplication {
  order: NewOrder;
  otherNames: NewOtherName[];
}

export type ApplicationOverrides = Partial<NewOrder> & { otherNames?: NewOtherName[] };

function yesNo(rng: Rng, yesProbability: number): 'yes' | 'no' {
  return rng.chance(yesProbability) ? 'yes' : 'no';
}

/** A realistic paid application as the intake stores it (status New, unassigned). */
export function buildApplication(
  overrides: ApplicationOverrides = {},
  rng: Rng = defaultRng,
  now: Date = new Date(),
): BuiltApplication {
  const { otherNames: otherNamesOverride, ...orderOverrides } = overrides;
  const firstName = overrides.firstName ?? buildName(rng);
  const lastName = overrides.lastName ?? buildName(rng);
  const nationality = rng.chance(0.5) ? rng.pick(FREQUENT_COUNTRIES) : rng.pick(demoCountries());
  const email = `${firstName}.${lastName}.${randomCode(rng, 8).toLowerCase()}@${rng.pick(['example.com', 'example.net', 'example.org'])}`;
  const mode = overrides.processingMode ?? rng.pick(['Standard', 'Standard', 'Standard', 'Priority', 'Future']);
  const processingDate =
    'processingDate' in overrides ? overrides.processingDate : mode === 'Future' ? futureDate(rng, now) : null;
  const createdAt = overrides.createdAt ?? new Date(now.getTime() - rng.int(0, 30 * 86_400_000)).toISOString();
  const anyOffence = yesNo(rng, 0.05);
  const differentName = otherNamesOverride ? (otherNamesOverride.length ? 'yes' : 'no') : yesNo(rng, 0.12);
  const otherNames =
    otherNamesOverride ??
    (differentName === 'yes'
      ? Array.from({ length: rng.int(1, 2) }, () => ({
          differentFirstName: buildName(rng),
          differentLastName: buildName(rng),
        }))
      : []);
  const gateway = rng.chance(0.8) ? 'Stripe' : 'PayPal';
  const birthYear = rng.int(now.getUTCFullYear() - 85, now.getUTCFullYear() - 1);
  const order: NewOrder = {
    email: email.toLowerCase(),
    confirmEmail: email.toLowerCase(),
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    differentName,
    gender: rng.pick(['Male', 'Female']),
    birthDate: pad2(rng.int(1, 28)),
    birthMonth: pad2(rng.int(1, 12)),
    birthYear: String(birthYear),
    placeOfBirth: rng.pick(CITIES),
    territoryOfBirth: rng.chance(0.9) ? nationality : rng.pick(demoCountries()),
    nationalIdentityNumber: rng.chance(0.6) ? randomCode(rng, rng.int(8, 12)) : null,
    countryCode: rng.chance(0.85) ? nationality : rng.pick(demoCountries()),
    phoneNumber: digits(rng, rng.int(8, 10)),
    nationality,
    issuingCountry: rng.chance(0.95) ? nationality : rng.pick(demoCountries()),
    passportNumber: randomCode(rng, 2, 'ABCDEFGHJKLMNPRSTUVWXYZ') + digits(rng, 7),
    expiryDate: pad2(rng.int(1, 28)),
    expiryMonth: pad2(rng.int(1, 12)),
    expiryYear: String(now.getUTCFullYear() + rng.int(1, 10)),
    australianPermanentResident: yesNo(rng, 0.03),
    australianPermanentResidentTwo: yesNo(rng, 0.03),
    travellingToNewZealand: yesNo(rng, 0.1),
    transitPassengerPassing: yesNo(rng, 0.15),
    stayindInNewZealand: yesNo(rng, 0.05),
    medicalConsultation: yesNo(rng, 0.04),
    anotherCountry: yesNo(rng, 0.02),
    prohibitedFromEntering: yesNo(rng, 0.02),
    anyOffence,
    moreImprisonment: anyOffence === 'yes' ? yesNo(rng, 0.2) : null,
    convictedOfAnOffence: anyOffence === 'yes' ? yesNo(rng, 0.4) : null,
    processingMode: mode,
    processStatus: 'New',
    processingDate,
    amount: mode === 'Priority' ? '149.00' : '99.00',
    currency: rng.pick(CURRENCIES),
    paymentGateway: gateway,
    transactionId: gateway === 'Stripe' ? `ch_${randomCode(rng, 24)}` : randomCode(rng, 17),
    createdAt,
    updatedAt: createdAt,
    ...orderOverrides,
  };
  order.fullName = overrides.fullName ?? `${order.firstName} ${order.lastName}`;
  order.confirmEmail = overrides.confirmEmail ?? order.email;
  order.processMonth = 'processMonth' in overrides ? overrides.processMonth : processMonthOf(order.processingDate);
  order.paidAt = overrides.paidAt ?? order.createdAt;
  return { order, otherNames };
}

/** The same application as the public site would send it to POST /api/intake/orders. */
export function toIntakeBody({ order: o, otherNames }: BuiltApplication, reference: string): IntakeApplicationInput {
  return {
    reference,
    email: o.email ?? '',
    confirm_email: o.confirmEmail,
    first_name: o.firstName ?? '',
    last_name: o.lastName ?? '',
    different_name: o.differentName,
    other_names: otherNames.map((n) => ({
      different_first_name: n.differentFirstName,
      different_last_name: n.differentLastName,
    })),
    gender: o.gender,
    birth_date: o.birthDate,
    birth_month: o.birthMonth,
    birth_year: o.birthYear,
    place_of_birth: o.placeOfBirth,
    territory_of_birth: o.territoryOfBirth,
    national_identity_number: o.nationalIdentityNumber,
    country_code: o.countryCode,
    phone_number: o.phoneNumber,
    nationality: o.nationality ?? '',
    issuing_country: o.issuingCountry,
    passport_number: o.passportNumber ?? '',
    expiry_date: o.expiryDate,
    expiry_month: o.expiryMonth,
    expiry_year: o.expiryYear,
    australian_permanent_resident: o.australianPermanentResident,
    australian_permanent_resident_two: o.australianPermanentResidentTwo,
    travelling_to_new_zealand: o.travellingToNewZealand,
    transit_passenger_passing: o.transitPassengerPassing,
    stayind_in_new_zealand: o.stayindInNewZealand,
    medical_consultation: o.medicalConsultation,
    another_country: o.anotherCountry,
    prohibited_from_entering: o.prohibitedFromEntering,
    any_offence: o.anyOffence,
    more_imprisonment: o.moreImprisonment,
    convicted_of_an_offence: o.convictedOfAnOffence,
    processing_mode: (o.processingMode ?? 'Standard') as IntakeApplicationInput['processing_mode'],
    processing_date: o.processingDate,
    amount: o.amount ?? '0.00',
    currency: o.currency ?? 'USD',
    payment_gateway: o.paymentGateway,
    paid_at: o.paidAt,
    transaction_id: o.transactionId,
  };
}

const REMARKS = [
  'Called the customer, no answer.',
  'Customer asked about the processing time.',
  'Passport details checked against the scan.',
  'Sent a reminder about the missing photo.',
  'Customer confirmed the travel dates.',
  'Waiting on the immigration service.',
];

export function buildRemark(overrides: Partial<NewRemark> & { orderId: number }, rng: Rng = defaultRng): NewRemark {
  return {
    remarkName: buildName(rng),
    remark: rng.pick(REMARKS),
    whatsapp: rng.chance(0.1) ? 'Y' : 'N',
    telephone: rng.chance(0.2) ? 'Y' : 'N',
    ...overrides,
  };
}

const DEVICES = [
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome',
    version: '124.0.0.0',
    os: 'Windows 10',
    device: null,
    type: null,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    browser: 'Mobile Safari',
    version: '17.4',
    os: 'iOS 17.4',
    device: 'Apple iPhone',
    type: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome',
    version: '124.0.0.0',
    os: 'Android 14',
    device: 'Samsung SM-S918B',
    type: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    browser: 'Safari',
    version: '17.4',
    os: 'macOS 14.4',
    device: 'Apple Macintosh',
    type: null,
  },
] as const;
const TIMEZONES = [
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

export function buildDownload(
  overrides: Partial<NewDownload> & { orderId: number },
  rng: Rng = defaultRng,
): NewDownload {
  const device = rng.pick(DEVICES);
  return {
    file1: `${overrides.orderId}-nzeta.pdf`,
    ip: rng.chance(0.8)
      ? `::ffff:${rng.int(11, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
      : `2001:db8::${rng.int(1, 0xffff).toString(16)}`,
    userAgent: device.ua,
    browser: device.browser,
    browserVersion: device.version,
    os: device.os,
    device: device.device,
    deviceType: device.type,
    timezone: rng.pick(TIMEZONES),
    ...overrides,
  };
}

export function buildMailMessage(
  overrides: Partial<NewMailMessage> & { orderId: number },
  rng: Rng = defaultRng,
): NewMailMessage {
  const provider = overrides.provider ?? (rng.chance(0.6) ? 'AWS' : 'Sendgrid');
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const subject = `Your NZeTA application ${overrides.orderId}`;
  return {
    kind: 'approval',
    provider,
    toAddress: `customer.${randomCode(rng, 8).toLowerCase()}@example.com`,
    subject,
    html: `<p>${subject}: your travel authority is attached.</p>`,
    text: `${subject}: your travel authority is attached.`,
    state: 'sent',
    attempts: 1,
    providerMessageId: randomCode(rng, 20),
    // The order id keeps keys unique even when two seeds replay the same random stream.
    idempotencyKey: `demo:${overrides.orderId}:${randomCode(rng, 16)}`,
    createdAt,
    nextAttemptAt: createdAt,
    sentAt: createdAt,
    ...overrides,
  };
}

export interface InsertedOrder extends OrderRow {
  otherNames: OtherNameRow[];
}

/** Inserts one application (and its other names); the database assigns the order id. */
export async function insertOrder(db: DbOrTx, overrides: ApplicationOverrides = {}): Promise<InsertedOrder> {
  const { order, otherNames } = buildApplication(overrides);
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('insertOrder: no row returned');
  const names = otherNames.length
    ? await db
        .insert(orderOtherNames)
        .values(otherNames.map((n) => ({ ...n, orderId: row.orderId })))
        .returning()
    : [];
  return { ...row, otherNames: names };
}

export interface InsertStaffOptions {
  name?: string;
  email?: string;
  type: Role;
  password?: string;
  /** low argon2 cost: for tests and demo data, never for real accounts */
  fastHash?: boolean;
}

export async function insertStaff(db: DbOrTx, options: InsertStaffOptions): Promise<StaffRow & { password: string }> {
  const name = options.name ?? `${buildName()} ${buildName()}`;
  const password = options.password ?? randomCode(defaultRng, 14);
  const email =
    options.email ??
    `${name.replace(/\s+/g, '.').toLowerCase()}.${randomCode(defaultRng, 6).toLowerCase()}@example.com`;
  const passwordHash = await hashPassword(password, options.fastHash ? 'light' : undefined);
  const [row] = await db.insert(staff).values({ name, email, type: options.type, passwordHash }).returning();
  if (!row) throw new Error('insertStaff: no row returned');
  return { ...row, password };
}
