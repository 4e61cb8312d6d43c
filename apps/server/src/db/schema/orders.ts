import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff';

export const orderIdSeq = pgSequence('order_id_seq', { startWith: 100001, minValue: 100001 });

/** An application as the applicant submitted it, plus its processing state (SPEC §3). */
export const orders = pgTable(
  'orders',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().default(sql`nextval('order_id_seq')`),
    intakeReference: text('intake_reference'),
    email: text('email'),
    confirmEmail: text('confirm_email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    differentName: text('different_name'),
    gender: text('gender'),
    birthDate: text('birth_date'),
    birthMonth: text('birth_month'),
    birthYear: text('birth_year'),
    placeOfBirth: text('place_of_birth'),
    territoryOfBirth: text('territory_of_birth'),
    nationalIdentityNumber: text('national_identity_number'),
    countryCode: text('country_code'),
    phoneNumber: text('phone_number'),
    nationality: text('nationality'),
    issuingCountry: text('issuing_country'),
    passportNumber: text('passport_number'),
    expiryDate: text('expiry_date'),
    expiryMonth: text('expiry_month'),
    expiryYear: text('expiry_year'),
    australianPermanentResident: text('australian_permanent_resident'),
    australianPermanentResidentTwo: text('australian_permanent_resident_two'),
    travellingToNewZealand: text('travelling_to_new_zealand'),
    transitPassengerPassing: text('transit_passenger_passing'),
    stayindInNewZealand: text('stayind_in_new_zealand'),
    medicalConsultation: text('medical_consultation'),
    anotherCountry: text('another_country'),
    prohibitedFromEntering: text('prohibited_from_entering'),
    anyOffence: text('any_offence'),
    moreImprisonment: text('more_imprisonment'),
    convictedOfAnOffence: text('convicted_of_an_offence'),
    /** stored file name of the traveller photo (documents storage) */
    profileImage: text('profile_image'),
    processingMode: text('processing_mode').notNull().default('Standard'),
    processStatus: text('process_status').notNull().default('New'),
    /** the status before a soft delete, so it can be restored */
    previousStatus: text('previous_status'),
    processingDate: date('processing_date', { mode: 'string' }),
    processMonth: text('process_month'),
    assignedTo: integer('assigned_to').references(() => staff.id),
    processedById: integer('processed_by_id').references(() => staff.id),
    processedBy: text('processed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'string' }),
    refundDate: timestamp('refund_date', { withTimezone: true, mode: 'string' }),
    transactionId: text('transaction_id'),
    merchantName: text('merchant_name'),
    amount: numeric('amount', { precision: 10, scale: 2 }),
    currency: text('currency'),
    paymentGateway: text('payment_gateway'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** lower-cased id, name, e-mail, phone and passport: one trigram index serves search */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(order_id::text || ' ' || coalesce(full_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(passport_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('orders_intake_reference_idx').on(t.intakeReference),
    index('orders_status_created_idx').on(t.processStatus, t.createdAt.desc(), t.orderId.desc()),
    // This index and orders_processed_at_idx also INCLUDE the columns deep pages and reports read
    // (migration 0003), which drizzle cannot declare.
    index('orders_created_idx').on(t.createdAt.desc(), t.orderId.desc()),
    // INCLUDEs the columns a search tests, so a common term is counted from it alone (migration 0023).
    index('orders_search_walk_idx').on(t.createdAt.desc()),
    index('orders_assigned_idx').on(t.assignedTo, t.processStatus).where(sql`${t.assignedTo} is not null`),
    index('orders_processing_date_idx')
      .on(t.processStatus, t.processingDate)
      .where(sql`${t.processingDate} is not null`),
    index('orders_processed_at_idx').on(t.processedAt).where(sql`${t.processedAt} is not null`),
    /** no pending list: every search would read it besides the index (migration 0021) */
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
    index('orders_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('orders_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    index('orders_id_prefix_idx').on(sql`(${t.orderId}::text) text_pattern_ops`),
    /** 1-2 character search: every character and pair of the id, name and e-mail (migration 0016) */
    index('orders_short_grams_idx')
      .using('gin', sql`order_short_grams(${t.orderId}, ${t.fullName}, ${t.email})`)
      .with({ fastupdate: false }),
    /** a payment gateway's dispute names the charge (migration 0008) */
    index('orders_transaction_id_idx').on(t.transactionId),
    index('orders_passport_upper_idx').on(sql`upper(${t.passportNumber})`),
    // Sorting by Name or E-mail walks these (migration 0011, list-ordering.ts spells the same keys).
    index('orders_status_name_sort_idx').on(t.processStatus, sql`(coalesce(lower(${t.fullName}), ''))`, t.orderId),
    index('orders_status_email_sort_idx').on(t.processStatus, sql`(coalesce(lower(${t.email}), ''))`, t.orderId),
    index('orders_name_sort_idx').on(sql`(coalesce(lower(${t.fullName}), ''))`, t.orderId),
    index('orders_email_sort_idx').on(sql`(coalesce(lower(${t.email}), ''))`, t.orderId),
  ],
);

export const orderOtherNames = pgTable(
  'order_other_names',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    differentFirstName: text('different_first_name'),
    differentLastName: text('different_last_name'),
  },
  (t) => [index('order_other_names_order_idx').on(t.orderId)],
);

/**
 * Live folder counts (DESIGN §1): rows per (status, mode, assignee, processing date), kept by a
 * trigger in the same transaction as every order change. Folder rules are evaluated over this
 * small table instead of counting the orders. Assignee and date are kept for status New only, the
 * one status whose folder rules read them (migration 0003).
 */
export const orderRollup = pgTable(
  'order_rollup',
  {
    status: text('status').notNull(),
    mode: text('mode').notNull(),
    /** 0 when unassigned */
    assignedTo: integer('assigned_to').notNull(),
    /** '0001-01-01' when the order has no processing date */
    processingDate: date('processing_date', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('order_rollup_key_idx').on(t.status, t.mode, t.assignedTo, t.processingDate)],
);

/**
 * Report rollups (migration 0013), kept by trigger with every order change: orders per UTC day (and
 * month), nationality and mode (Deleted left out), and delivered orders per UTC day (and month)
 * and processor. The reports read whole months and days here and the partial days at a range's
 * edges from the orders.
 */
export const reportCountryDaily = pgTable(
  'report_country_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    nationality: text('nationality').notNull(),
    processingMode: text('processing_mode').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.nationality, t.processingMode] })],
);

export const reportCountryMonthly = pgTable(
  'report_country_monthly',
  {
    /** the first day of a UTC month */
    month: date('month', { mode: 'string' }).notNull(),
    nationality: text('nationality').notNull(),
    processingMode: text('processing_mode').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.nationality, t.processingMode] })],
);

export const reportProcessedMonthly = pgTable(
  'report_processed_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    processedBy: text('processed_by').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.processedBy] })],
);

export const reportProcessedDaily = pgTable(
  'report_processed_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    processedBy: text('processed_by').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.processedBy] })],
);
