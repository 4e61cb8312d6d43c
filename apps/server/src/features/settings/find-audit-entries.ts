import { type AuditQuery, type contracts, startOfBusinessDay, startOfNextBusinessDay } from '@nzeta/domain';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** The answer's row, as the contract gives it to server and console alike. */
export type AuditEntryRow = contracts.account.AuditEntry;

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The audit trail, newest first. Dates are whole days in the business time zone, turned into
 * instants here so the index on `at` serves the range.
 */
export async function findAuditEntries(
  db: DbOrTx,
  query: AuditQuery,
  timeZone: string,
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const filters: Array<SQL | undefined> = [
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? ilike(auditLog.actorName, likePattern(query.actor)) : undefined,
    query.from ? gte(auditLog.at, startOfBusinessDay(query.from, timeZone)) : undefined,
    query.to ? lt(auditLog.at, startOfNextBusinessDay(query.to, timeZone)) : undefined,
  ];
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}
