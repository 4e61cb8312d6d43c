import type { IntakeApplication } from '@nzeta/domain';
import { INTAKE_STATUS, MONTHS } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderOtherNames, orders } from '../../db/schema';
import { recordIntake } from '../lifecycle';

export type IntakeOrder = Omit<IntakeApplication, 'reference'>;

export interface CreateOrderResult {
  orderId: number;
  created: boolean;
}

/**
 * Stores a paid application as a New order with its other names, in one transaction.
 * Idempotent on the caller's reference: the unique index decides, so two concurrent calls with
 * one reference cannot both insert; the loser waits for the winner's commit, then reads its id.
 */
export async function createOrderFromApplication(
  db: DbOrTx,
  input: IntakeOrder,
  options: { reference: string },
): Promise<CreateOrderResult> {
  const row = toOrderRow(input, options.reference);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(orders)
      .values(row)
      .onConflictDoNothing({ target: orders.intakeReference })
      .returning({ orderId: orders.orderId });
    if (inserted) {
      const names = toOtherNameRows(inserted.orderId, input);
      if (names.length) await tx.insert(orderOtherNames).values(names);
      await recordIntake(tx, [inserted.orderId], 'Application site');
      return { orderId: inserted.orderId, created: true };
    }
    const [existing] = await tx
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(eq(orders.intakeReference, options.reference));
    if (!existing) throw new Error('Intake reference conflicted but no order carries it');
    return { orderId: existing.orderId, created: false };
  });
}

/** The other names an applicant gave, as rows of the order (blank pairs left out). */
export function toOtherNameRows(orderId: number, input: Pick<IntakeOrder, 'other_names'>) {
  return input.other_names
    .filter((n) => n.different_first_name || n.different_last_name)
    .map((n) => ({ orderId, differentFirstName: n.different_first_name, differentLastName: n.different_last_name }));
}

/**
 * The API's snake_case fields mapped once onto the table (STYLE.md, Names): the intake's, and the
 * demo data's (db/seed.ts), so a demo order is one the intake would have stored.
 */
export function toOrderRow(input: IntakeOrder, reference: string): typeof orders.$inferInsert {
  // Only a Future order is scheduled: a date on another mode would hide it in Future Orders.
  const processingDate = input.processing_mode === 'Future' ? (input.processing_date ?? null) : null;
  return {
    intakeReference: reference,
    email: input.email,
    confirmEmail: input.confirm_email ?? input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    fullName: `${input.first_name} ${input.last_name}`,
    differentName: input.different_name,
    gender: input.gender,
    birthDate: input.birth_date,
    birthMonth: input.birth_month,
    birthYear: input.birth_year,
    placeOfBirth: input.place_of_birth,
    territoryOfBirth: input.territory_of_birth,
    nationalIdentityNumber: input.national_identity_number,
    countryCode: input.country_code,
    phoneNumber: input.phone_number,
    nationality: input.nationality,
    issuingCountry: input.issuing_country,
    passportNumber: input.passport_number,
    expiryDate: input.expiry_date,
    expiryMonth: input.expiry_month,
    expiryYear: input.expiry_year,
    australianPermanentResident: input.australian_permanent_resident,
    australianPermanentResidentTwo: input.australian_permanent_resident_two,
    travellingToNewZealand: input.travelling_to_new_zealand,
    transitPassengerPassing: input.transit_passenger_passing,
    stayindInNewZealand: input.stayind_in_new_zealand,
    medicalConsultation: input.medical_consultation,
    anotherCountry: input.another_country,
    prohibitedFromEntering: input.prohibited_from_entering,
    anyOffence: input.any_offence,
    moreImprisonment: input.more_imprisonment,
    convictedOfAnOffence: input.convicted_of_an_offence,
    processingMode: input.processing_mode,
    processStatus: INTAKE_STATUS,
    processingDate,
    processMonth: processingDate ? (MONTHS[Number(processingDate.slice(5, 7)) - 1] ?? null) : null,
    amount: input.amount,
    currency: input.currency,
    paymentGateway: input.payment_gateway,
    paidAt: input.paid_at,
    transactionId: input.transaction_id,
  };
}
