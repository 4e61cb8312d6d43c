import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId?: number | null;
  actorName?: string | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  outcome?: 'ok' | 'denied' | 'failed';
  detail?: Record<string, unknown>;
}

/** Appends to the audit trail (sign-ins, denials, team changes, personal-data views, downloads). */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorName: entry.actorName ?? null,
    action: entry.action,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    outcome: entry.outcome ?? 'ok',
    detail: entry.detail ?? null,
  });
}
