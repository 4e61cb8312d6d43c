import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export interface CompanyBlock {
  name: string;
  addressLines: string[];
  phone: string;
  email: string;
  website: string;
}

export interface CompanySettings {
  company: CompanyBlock;
  /** customer service contacts printed in customer e-mails */
  support: { phone: string; email: string };
  productTitle: string;
}

/** Shipped defaults: a fictional company, replaced through the settings table. */
export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  company: {
    name: 'NZeTA Online Services Ltd',
    addressLines: ['Level 4, 120 Albert Street', 'Auckland Central', 'Auckland 1010', 'New Zealand'],
    phone: '+64 9 000 0000',
    email: 'accounts@example.com',
    website: 'https://www.example.com',
  },
  support: { phone: '+64 9 000 0000', email: 'support@example.com' },
  productTitle: 'New Zealand Electronic Travel Authority (NZeTA)',
};

const text = z.string().trim().min(1);
const companySchema = z.object({
  name: text.optional(),
  addressLines: z.array(text).min(1).optional(),
  phone: text.optional(),
  email: text.optional(),
  website: text.optional(),
});
const supportSchema = z.object({ phone: text.optional(), email: text.optional() });

/**
 * The company block, support contacts and product title from the settings rows 'company',
 * 'support' and 'productTitle'. Missing rows or fields fall back to the shipped defaults; a
 * malformed row is ignored rather than breaking every e-mail and PDF.
 */
export async function getCompanySettings(db: DbOrTx): Promise<CompanySettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...COMPANY_SETTING_KEYS]));
  return companySettingsOf(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** The settings rows the company settings are made of. */
export const COMPANY_SETTING_KEYS = ['company', 'support', 'productTitle'] as const;

/** The company settings from those rows' values by key (a read that fetched them with others). */
export function companySettingsOf(values: Partial<Record<string, unknown>>): CompanySettings {
  const company = companySchema.safeParse(values.company);
  const support = supportSchema.safeParse(values.support);
  const title = text.safeParse(values.productTitle);
  return {
    company: { ...DEFAULT_COMPANY_SETTINGS.company, ...(company.success ? definedOnly(company.data) : {}) },
    support: { ...DEFAULT_COMPANY_SETTINGS.support, ...(support.success ? definedOnly(support.data) : {}) },
    productTitle: title.success ? title.data : DEFAULT_COMPANY_SETTINGS.productTitle,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
