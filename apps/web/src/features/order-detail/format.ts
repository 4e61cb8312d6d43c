import { MISSING, orDash } from '@nzeta/domain';

/** The application site answers 'yes' / 'no'; other values are shown as they are. */
export function answer(value: string | null | undefined): string {
  const text = orDash(value);
  if (text.toLowerCase() === 'yes') return 'Yes';
  if (text.toLowerCase() === 'no') return 'No';
  return text;
}

export function isYes(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === 'yes';
}

/** A date kept as day, month and year fields, as DD/MM/YYYY. */
export function dateOfParts(
  day: string | null | undefined,
  month: string | null | undefined,
  year: string | null | undefined,
): string {
  if (!day && !month && !year) return MISSING;
  const pad = (value: string | null | undefined) => (value ? value.padStart(2, '0') : '--');
  return `${pad(day)}/${pad(month)}/${year || '----'}`;
}
