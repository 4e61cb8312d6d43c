import { COUNTRY_DIAL_CODES } from './country-data.generated';

/** Country names that applications spell differently from the dataset. */
const EXTRA_NAMES: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  'united kingdom of great britain and northern ireland': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  'south korea': 'KR',
  'korea, republic of': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'russian federation': 'RU',
  vietnam: 'VN',
  'viet nam': 'VN',
  iran: 'IR',
  syria: 'SY',
  laos: 'LA',
  'czech republic': 'CZ',
  czechia: 'CZ',
  'hong kong sar': 'HK',
  macao: 'MO',
  taiwan: 'TW',
  'ivory coast': 'CI',
  "côte d'ivoire": 'CI',
  'cape verde': 'CV',
  'east timor': 'TL',
  'timor-leste': 'TL',
  'holy see': 'VA',
  'vatican city': 'VA',
  'the bahamas': 'BS',
  'the gambia': 'GM',
  'north macedonia': 'MK',
  macedonia: 'MK',
  swaziland: 'SZ',
  eswatini: 'SZ',
  burma: 'MM',
  myanmar: 'MM',
  palestine: 'PS',
  moldova: 'MD',
  bolivia: 'BO',
  venezuela: 'VE',
  tanzania: 'TZ',
  micronesia: 'FM',
  brunei: 'BN',
  'brunei darussalam': 'BN',
};

let byName: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const phoneByCode = new Map(COUNTRY_DIAL_CODES.map(([code, , phone]) => [code, phone]));
  for (const [, name, phone] of COUNTRY_DIAL_CODES) byName.set(name.toLowerCase(), phone);
  for (const [name, code] of Object.entries(EXTRA_NAMES)) {
    const phone = phoneByCode.get(code);
    if (phone !== undefined) byName.set(name, phone);
  }
  return byName;
}

/** The dial code for a country name, matched case-insensitively on the part before any bracket. */
export function dialCodeFor(countryName: string | null | undefined): string | undefined {
  if (!countryName) return undefined;
  const key = countryName.split('(')[0]?.trim().toLowerCase() ?? '';
  return key ? table().get(key) : undefined;
}

/** Every country name the dataset knows, for forms and demo data. */
export function countryNames(): string[] {
  return COUNTRY_DIAL_CODES.map(([, name]) => name).sort((a, b) => a.localeCompare(b));
}
