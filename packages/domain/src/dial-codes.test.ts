import { countries } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { COUNTRY_DIAL_CODES } from './country-data.generated';
import { countryNames, dialCodeFor } from './dial-codes';

describe('dial codes', () => {
  it('match the countries-list package (regenerate with scripts/generate-country-data.mjs)', () => {
    const fromPackage = Object.entries(countries)
      .filter(([, c]) => c.phone.length > 0)
      .map(([code, c]) => [code, c.name, String(c.phone[0])])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(COUNTRY_DIAL_CODES).toEqual(fromPackage);
  });

  it('match case-insensitively on the name before any bracket', () => {
    const expected = { India: '91', 'new zealand': '64', 'Australia (AU)': '61', 'United States of America': '1' };
    for (const [name, code] of Object.entries(expected)) expect(dialCodeFor(name), name).toBe(code);
    for (const unknown of ['Atlantis', '']) expect(dialCodeFor(unknown), unknown).toBeUndefined();
  });

  it('knows about 230 or more countries and territories', () => {
    expect(countryNames().length).toBeGreaterThanOrEqual(230);
  });
});
