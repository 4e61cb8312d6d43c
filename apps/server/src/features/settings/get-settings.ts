import type { Settings } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AUTO_MAIL_FALLBACK_KEY, REQUIRE_MFA_KEY, settings } from '../../db/schema';
import { getCompanySettings } from '../mail';
import { getSlaHours } from './sla-settings';

export { AUTO_MAIL_FALLBACK_KEY, REQUIRE_MFA_KEY };

/** Whether every member must set up two-step verification (off unless an Admin turns it on). */
export async function isMfaRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REQUIRE_MFA_KEY))
    .limit(1);
  return row?.value === true;
}

/** Whether a refused approval e-mail goes out again through the other provider by itself. */
export async function isAutoMailFallbackOn(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, AUTO_MAIL_FALLBACK_KEY))
    .limit(1);
  return row?.value === true;
}

/** The Settings screen's values: stored rows over the shipped defaults. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const [company, requireMfa, autoMailFallback, sla] = await Promise.all([
    getCompanySettings(db),
    isMfaRequired(db),
    isAutoMailFallbackOn(db),
    getSlaHours(db),
  ]);
  return { ...company, requireMfa, autoMailFallback, sla };
}
