import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { documents, mailMessages, orderOtherNames, orders } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic-job';
import type { DocumentStorage } from '../documents';
import { writeActivityRows } from '../lifecycle';

const DAY_MS = 86_400_000;
const BATCH = 500;
export const RETENTION_ACTOR = 'Retention policy';

export interface PurgeResult {
  orders: number;
  files: number;
}

/**
 * Purges the traveller's identity data (passport, national id, birth details, sex, other names,
 * photo) and the approved documents of orders completed more than `retentionDays` ago. An order
 * in ChargeBack keeps everything: its defence pack needs the evidence. Name, contact details,
 * amounts and the histories stay for accounting until an Admin erases the order. Runs in batches;
 * several instances may run it at once (rows are claimed with SKIP LOCKED).
 */
export async function purgeExpiredPersonalData(
  db: Db,
  storage: Pick<DocumentStorage, 'remove'>,
  options: { retentionDays: number; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<PurgeResult> {
  const total: PurgeResult = { orders: 0, files: 0 };
  if (options.retentionDays <= 0) return total;
  const cutoff = new Date(Date.now() - options.retentionDays * DAY_MS).toISOString();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      // Orders with mail still on its way keep their documents until the mail has gone.
      const due = await queryRows<{ order_id: string | number; profile_image: string | null }>(
        tx,
        sql`select o.order_id, o.profile_image from ${orders} o
          where o.processed_at < ${cutoff} and o.process_status <> 'ChargeBack' and o.erased_at is null
            and (o.passport_number is not null or o.national_identity_number is not null
              or o.birth_year is not null or o.profile_image is not null or o.expiry_year is not null
              or exists (select 1 from ${documents} d where d.order_id = o.order_id)
              or exists (select 1 from ${orderOtherNames} n where n.order_id = o.order_id))
            and not exists (select 1 from ${mailMessages} m
              where m.order_id = o.order_id and m.state in ('queued', 'sending'))
          order by o.processed_at
          limit ${BATCH}
          for update of o skip locked`,
      );
      if (!due.length) return { ids: [] as number[], files: [] as string[] };
      const ids = due.map((row) => Number(row.order_id));
      const idList = sql`${`{${ids.join(',')}}`}::bigint[]`;
      const stored = await queryRows<{ file1: string }>(
        tx,
        sql`select file1 from ${documents} where order_id = any(${idList})`,
      );
      await tx.execute(sql`update ${orders} set
          passport_number = null, expiry_date = null, expiry_month = null, expiry_year = null,
          national_identity_number = null, birth_date = null, birth_month = null, birth_year = null,
          place_of_birth = null, territory_of_birth = null, gender = null, different_name = null,
          profile_image = null, updated_at = now()
        where order_id = any(${idList})`);
      await tx.execute(sql`delete from ${orderOtherNames} where order_id = any(${idList})`);
      // Sent mail stays in the Email History, no longer pointing at a document that is gone.
      await tx.execute(
        sql`update ${mailMessages} set document_id = null, attachments = '[]'::jsonb where order_id = any(${idList})`,
      );
      await tx.execute(sql`delete from ${documents} where order_id = any(${idList})`);
      await writeActivityRows(
        tx,
        ids.map((orderId) => ({
          orderId,
          actorId: null,
          actorName: RETENTION_ACTOR,
          action: 'identity-data-purged',
          detail: { retentionDays: options.retentionDays },
        })),
      );
      await writeAudit(tx, {
        actorName: RETENTION_ACTOR,
        action: 'retention-purge',
        target: ids.length === 1 ? String(ids[0]) : `${ids.length} orders`,
        detail: { orderIds: ids, retentionDays: options.retentionDays },
      });
      const photos = due.map((row) => row.profile_image).filter((name): name is string => !!name);
      return { ids, files: [...stored.map((row) => row.file1), ...photos] };
    });
    // The rows no longer name these files; a failed removal leaves an orphan, never a leak in the API.
    for (const name of batch.files) {
      await storage.remove(name).catch((err: unknown) => options.log?.warn({ err }, 'purged document not removed'));
    }
    total.orders += batch.ids.length;
    total.files += batch.files.length;
    if (batch.ids.length < BATCH) return total;
  }
}

export type RetentionJob = PeriodicJob<PurgeResult>;

/**
 * Runs the purge at start and then daily. RETENTION_DAYS=0 turns it off. Each instance runs its
 * own timer; the batches claim rows with SKIP LOCKED, so overlapping passes do not collide.
 */
export function startRetentionJob(options: {
  db: Db;
  storage: Pick<DocumentStorage, 'remove'>;
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  intervalMs?: number;
}): RetentionJob {
  const none: PurgeResult = { orders: 0, files: 0 };
  if (options.retentionDays <= 0) return { firstRun: Promise.resolve(none), async stop() {} };
  return startPeriodicJob(
    async () => {
      const result = await purgeExpiredPersonalData(options.db, options.storage, options);
      if (result.orders) options.log.info({ ...result }, 'retention purge');
      return result;
    },
    {
      intervalMs: options.intervalMs ?? DAY_MS,
      onFailure: (err) => {
        options.log.error({ err }, 'retention purge failed');
        return none;
      },
    },
  );
}
