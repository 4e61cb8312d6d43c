import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { settings } from '../../db/schema';
import { DEFAULT_COMPANY_SETTINGS, getCompanySettings } from './company-settings';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => database.reset());
afterAll(() => database.destroy());

describe('getCompanySettings', () => {
  it('answers the shipped defaults when nothing is configured', async () => {
    expect(await getCompanySettings(database.db)).toEqual(DEFAULT_COMPANY_SETTINGS);
  });

  it('merges configured values over the defaults and ignores malformed rows', async () => {
    await database.db.insert(settings).values([
      { key: 'company', value: { name: 'Kiwi Visas Ltd', addressLines: ['1 Queen Street', 'Auckland 1010'] } },
      { key: 'support', value: { phone: '+64 800 000 000' } },
      { key: 'productTitle', value: 42 },
    ]);
    const result = await getCompanySettings(database.db);
    expect(result.company).toEqual({
      ...DEFAULT_COMPANY_SETTINGS.company,
      name: 'Kiwi Visas Ltd',
      addressLines: ['1 Queen Street', 'Auckland 1010'],
    });
    expect(result.support).toEqual({ phone: '+64 800 000 000', email: 'support@example.com' });
    expect(result.productTitle).toBe(DEFAULT_COMPANY_SETTINGS.productTitle);
  });
});
