import { INTAKE_STATUS, type IntakeApplication, MONTHS } from '@nzeta/domain';
import type { orderOtherNames, orders } from './schema';

/** An application as the intake takes it, without the caller's reference. */
export type IntakeOrder = Omit<IntakeApplication, 'reference'>;

/** The other names an applicant gave, as rows of the order (blank pairs left out). */
export function toOtherNameRows(
  orderId: number,
  input: Pick<IntakeOrder, 'other_names'>,
): Array<typeof orderOtherNames.$inferInsert> {
  return input.other_names
    .filter((n) => n.different_first_name || n.different_last_name)
    .map((n) => ({ orderId, differentFirstName: n.different_first_name, differentLastName: n.different_last_name }));
}

/**
 * The intake's snake_case fields mapped once onto the table (STYLE.md, Names), for POST
 * /api/intake/orders and for the demo data (seed.ts), so a demo order is one the intake would
 * have stored.
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
