import type { Settings } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { StaffPrincipal } from '../../plugins/authentication';
import { AUTO_MAIL_FALLBACK_KEY, REQUIRE_MFA_KEY } from './get-settings';
import { forgetSlaHours, SLA_KEY } from './sla-settings';

/** Stores every key of the Settings screen at once, so letters never mix old and new values. */
export async function saveSettings(db: Db, actor: StaffPrincipal, input: Settings, ip: string): Promise<void> {
  const values = [
    { key: 'company', value: input.company },
    { key: 'support', value: input.support },
    { key: 'productTitle', value: input.productTitle },
    { key: REQUIRE_MFA_KEY, value: input.requireMfa },
    { key: AUTO_MAIL_FALLBACK_KEY, value: input.autoMailFallback },
    ...(input.sla ? [{ key: SLA_KEY, value: input.sla }] : []),
  ];
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values(values)
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'settings-changed',
      ip,
      detail: {
        productTitle: input.productTitle,
        requireMfa: input.requireMfa,
        autoMailFallback: input.autoMailFallback,
        sla: input.sla,
      },
    });
  });
  forgetSlaHours(db);
}
