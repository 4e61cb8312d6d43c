import { countries } from 'countries-list';

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
  const entries = Object.entries(countries) as Array<[string, { name: string; native: string; phone: number[] }]>;
  const phoneByCode = new Map(entries.map(([code, c]) => [code, c.phone[0]]));
  for (const [, c] of entries) {
    const phone = c.phone[0];
    if (phone === undefined) continue;
    byName.set(c.name.toLowerCase(), String(phone));
    byName.set(c.native.toLowerCase(), String(phone));
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) {
    const phone = phoneByCode.get(code);
    if (phone !== undefined) byName.set(name, String(phone));
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
  return Object.values(countries as Record<string, { name: string }>)
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b));
}
