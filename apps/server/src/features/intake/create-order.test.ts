import { intakeApplicationInput } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { buildApplication, createRng, toIntakeBody } from '../../db/factories';
import { orderOtherNames, orders } from '../../db/schema';
import { createOrderFromApplication } from './create-order';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());
beforeEach(async () => database.reset());

const rng = createRng();
const parse = (body: unknown) => intakeApplicationInput.parse(body);
const application = (reference: string, overrides: Parameters<typeof buildApplication>[0] = {}) => {
  const { reference: _ignored, ...input } = parse(toIntakeBody(buildApplication(overrides, rng), reference));
  return input;
};

describe('createOrderFromApplication', () => {
  it('stores every field and the other names as a New order', async () => {
    const body = toIntakeBody(
      buildApplication(
        {
          processingMode: 'Future',
          processingDate: '2031-03-14',
          anyOffence: 'yes',
          moreImprisonment: 'no',
          convictedOfAnOffence: 'yes',
          otherNames: [
            { differentFirstName: 'Lora', differentLastName: 'Venth' },
            { differentFirstName: 'Mira', differentLastName: 'Dasko' },
          ],
        },
        rng,
      ),
      'site-1',
    );
    const { reference, ...input } = parse({ ...body, amount: 129.5, unknown_field: 'dropped' });
    const result = await createOrderFromApplication(database.db, input, { reference });
    expect(result.created).toBe(true);
    expect(result.orderId).toBeGreaterThanOrEqual(100001);

    const [row] = await database.db.select().from(orders).where(eq(orders.orderId, result.orderId));
    expect(row).toMatchObject({
      intakeReference: 'site-1',
      processStatus: 'New',
      assignedTo: null,
      email: body.email,
      confirmEmail: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      fullName: `${body.first_name} ${body.last_name}`,
      differentName: 'yes',
      gender: body.gender,
      birthDate: body.birth_date,
      birthMonth: body.birth_month,
      birthYear: body.birth_year,
      placeOfBirth: body.place_of_birth,
      territoryOfBirth: body.territory_of_birth,
      nationalIdentityNumber: body.national_identity_number,
      countryCode: body.country_code,
      phoneNumber: body.phone_number,
      nationality: body.nationality,
      issuingCountry: body.issuing_country,
      passportNumber: body.passport_number,
      expiryDate: body.expiry_date,
      expiryMonth: body.expiry_month,
      expiryYear: body.expiry_year,
      australianPermanentResident: body.australian_permanent_resident,
      australianPermanentResidentTwo: body.australian_permanent_resident_two,
      travellingToNewZealand: body.travelling_to_new_zealand,
      transitPassengerPassing: body.transit_passenger_passing,
      stayindInNewZealand: body.stayind_in_new_zealand,
      medicalConsultation: body.medical_consultation,
      anotherCountry: body.another_country,
      prohibitedFromEntering: body.prohibited_from_entering,
      anyOffence: 'yes',
      moreImprisonment: 'no',
      convictedOfAnOffence: 'yes',
      processingMode: 'Future',
      processingDate: '2031-03-14',
      processMonth: 'Mar',
      amount: '129.50',
      currency: body.currency,
      paymentGateway: body.payment_gateway,
      transactionId: body.transaction_id,
    });
    expect(Date.parse(row!.paidAt!)).toBe(Date.parse(String(body.paid_at)));
    const names = await database.db
      .select({ first: orderOtherNames.differentFirstName, last: orderOtherNames.differentLastName })
      .from(orderOtherNames)
      .where(eq(orderOtherNames.orderId, result.orderId))
      .orderBy(orderOtherNames.id);
    expect(names).toEqual([
      { first: 'Lora', last: 'Venth' },
      { first: 'Mira', last: 'Dasko' },
    ]);
  });

  it('answers the same order for the same reference without a second insert', async () => {
    const first = await createOrderFromApplication(database.db, application('same'), { reference: 'same' });
    const second = await createOrderFromApplication(database.db, application('same'), { reference: 'same' });
    expect(second).toEqual({ orderId: first.orderId, created: false });
    expect(await database.db.$count(orders)).toBe(1);
  });

  it('inserts once when ten calls race with one reference', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createOrderFromApplication(
          database.db,
          application('race', { otherNames: [{ differentFirstName: 'Ola', differentLastName: 'Brin' }] }),
          {
            reference: 'race',
          },
        ),
      ),
    );
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await database.db.$count(orders)).toBe(1);
    expect(await database.db.$count(orderOtherNames)).toBe(1);
  });

  it('leaves Standard and Priority orders unscheduled', async () => {
    const input = { ...application('std', { processingMode: 'Standard' }), processing_date: '2031-01-01' };
    const { orderId } = await createOrderFromApplication(database.db, input, { reference: 'std' });
    const [row] = await database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row).toMatchObject({ processingDate: null, processMonth: null });
  });
});

describe('intakeApplicationInput', () => {
  const valid = () => toIntakeBody(buildApplication({ processingMode: 'Standard' }, rng), 'ref');

  it('refuses a Future order without a processing date', () => {
    const result = intakeApplicationInput.safeParse({ ...valid(), processing_mode: 'Future', processing_date: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['processing_date'],
      message: 'Please enter the processing date of a Future order.',
    });
  });

  it('requires the reference and the applicant, and bounds lengths', () => {
    const { reference: _r, ...withoutReference } = valid();
    expect(intakeApplicationInput.safeParse(withoutReference).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), reference: 'x'.repeat(101) }).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), first_name: '  ' }).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), email: 'not-an-email' }).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), place_of_birth: 'x'.repeat(101) }).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), any_offence: 'maybe' }).success).toBe(false);
    expect(intakeApplicationInput.safeParse({ ...valid(), amount: '12.345' }).success).toBe(false);
  });

  it('normalises answers and strips unknown fields', () => {
    const parsed = intakeApplicationInput.parse({
      ...valid(),
      any_offence: 'YES',
      currency: 'nzd',
      amount: '99',
      extra: 1,
    });
    expect(parsed).toMatchObject({ any_offence: 'yes', currency: 'NZD', amount: '99.00' });
    expect('extra' in parsed).toBe(false);
  });
});
