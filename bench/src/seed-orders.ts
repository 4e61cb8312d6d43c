import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, queryRows } from '../../apps/server/src/db/client';
import {
  addDays,
  buildApplication,
  buildDownload,
  buildMailMessage,
  buildRemark,
  createRng,
  futureDate,
  type NewDownload,
  type NewMailMessage,
  type NewOrder,
  type NewRemark,
  processMonthOf,
  type Rng,
  randomCode,
} from '../../apps/server/src/db/factories';
import {
  documents,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  remarks,
  staff,
} from '../../apps/server/src/db/schema';
import { rebuildRollup, seedDemoData } from '../../apps/server/src/db/seed';
import { pickSurname, planTimeline, SCENARIOS, type Scenario, statusOf, type Timeline } from './distribution';

export const FIRST_ORDER_ID = 100_001;
const BATCH = 2_000;
const DAY = 86_400_000;

interface Member {
  id: number;
  name: string;
  type: string;
}

interface Rows {
  orders: NewOrder[];
  otherNames: Array<typeof orderOtherNames.$inferInsert>;
  documents: Array<typeof documents.$inferInsert>;
  mails: NewMailMessage[];
  downloads: NewDownload[];
  remarks: NewRemark[];
  activity: Array<typeof orderActivity.$inferInsert>;
}

interface BatchContext {
  rng: Rng;
  now: Date;
  members: Member[];
  timeline: Timeline;
}

export interface SeedBenchOptions {
  orders: number;
  seed: number;
  now: Date;
  concurrency: number;
  log: (message: string) => void;
}

/** Tables the load writes to: their secondary indexes are built once, after the load. */
const LOADED_TABLES = ['orders', 'order_other_names', 'documents', 'mail_messages', 'download_history', 'remarks'];

/**
 * Loads the benchmark's data set: the demo accounts and settings from the product's own seed,
 * then `orders` orders with their histories built by the product's data factories.
 */
export async function seedBenchData(db: Db, options: SeedBenchOptions): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  await seedDemoData(db, { orders: 0, seed: options.seed, now: options.now });
  const members = await db.select({ id: staff.id, name: staff.name, type: staff.type }).from(staff).orderBy(staff.id);
  const timeline = planTimeline(options.orders, options.seed, options.now);
  const indexes = await dropSecondaryIndexes(db);
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_rollup`);

  const batches = Math.ceil(options.orders / BATCH);
  let next = 0;
  let done = 0;
  let nextLog = 100_000;
  const worker = async () => {
    while (next < batches) {
      const index = next++;
      const first = index * BATCH;
      const count = Math.min(BATCH, options.orders - first);
      // One random stream per batch: the data does not depend on which worker runs it.
      const rng = createRng((options.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
      const rows = buildBatch({ rng, now: options.now, members, timeline }, first, count);
      await insertRows(db, rows);
      done += count;
      if (done >= nextLog || done === options.orders) {
        options.log(
          `${done.toLocaleString('en-US')} of ${options.orders.toLocaleString('en-US')} orders (${elapsed()})`,
        );
        nextLog += 100_000;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, batches)) }, worker));

  const lastId = FIRST_ORDER_ID + options.orders - 1;
  await db.execute(sql`select setval('order_id_seq', ${Math.max(lastId, FIRST_ORDER_ID)}, ${options.orders > 0})`);
  await db.execute(sql`select setval(pg_get_serial_sequence('documents', 'id'), greatest(${lastId}, 1))`);
  options.log(`building ${indexes.length} indexes (${elapsed()})`);
  for (const definition of indexes) await db.execute(sql.raw(definition));
  await rebuildRollup(db);
  options.log(`vacuum and analyze (${elapsed()})`);
  // Visibility map and statistics, as autovacuum leaves a table that has settled in production.
  for (const table of [...LOADED_TABLES, 'order_activity', 'order_rollup', 'staff']) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
  options.log(`data set ready (${elapsed()})`);
}

/** Drops the indexes that back no constraint and returns their definitions to rebuild them. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const tables = [...LOADED_TABLES, 'order_activity'];
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid::regclass::text in ${tables}
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX ${row.name}`));
  return rows.map((r) => r.definition);
}

function buildBatch(ctx: BatchContext, first: number, count: number): Rows {
  const rows: Rows = { orders: [], otherNames: [], documents: [], mails: [], downloads: [], remarks: [], activity: [] };
  for (let i = first; i < first + count; i++) {
    const scenario = SCENARIOS[ctx.timeline.scenario[i] as number] as Scenario;
    addOrder(ctx, rows, FIRST_ORDER_ID + i, scenario, ctx.timeline.createdMs[i] as number);
  }
  return rows;
}

function addOrder(ctx: BatchContext, rows: Rows, orderId: number, scenario: Scenario, created: number): void {
  const { rng, members } = ctx;
  const now = ctx.now.getTime();
  const at = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const createdAt = at(created);
  const modes = { new: 'Standard', priority: 'Priority', future: 'Future', futureDue: 'Future' } as const;
  const mode = modes[scenario as keyof typeof modes];
  const lastName = pickSurname(rng);
  const { order, otherNames } = buildApplication(
    { createdAt, ...(mode && { processingMode: mode }), ...(lastName && { lastName }) },
    rng,
    ctx.now,
  );
  order.orderId = orderId;
  if (scenario === 'future') order.processingDate = futureDate(rng, ctx.now);
  else if (order.processingMode === 'Future') {
    // Already due: two days back from the UTC date is "not after today" in every time zone.
    const latest = addDays(ctx.now.toISOString().slice(0, 10), -2);
    const planned = addDays(createdAt.slice(0, 10), rng.int(1, 14));
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text
    order.processingDate = planned < latest ? planned : latest;
  }
  order.processMonth = processMonthOf(order.processingDate);
  const status = statusOf(scenario);
  const member = rng.pick(members);
  order.processStatus = status;
  if (scenario === 'mine' || (status !== 'New' && status !== 'Deleted' && rng.chance(0.6))) {
    order.assignedTo = member.id;
  }
  const doneAt = Math.min(created + rng.int(DAY / 24, 2 * DAY), now);
  const delivered = status === 'Completed' || status === 'ChargeBack' || status === 'Customer Called';
  if (delivered) {
    order.processedById = member.id;
    order.processedBy = member.name;
    order.processedAt = at(doneAt);
  }
  if (status === 'ChargeBack') order.merchantName = rng.pick(['Demo Merchant One', 'Demo Merchant Two']);
  if (scenario === 'refunded') order.refundDate = at(created + rng.int(2 * DAY, 20 * DAY));
  if (status === 'Deleted') order.previousStatus = rng.pick(['New', 'Awaiting', 'Contact Customer', 'Completed']);
  order.updatedAt = order.refundDate ?? order.processedAt ?? createdAt;
  rows.orders.push(order);
  for (const name of otherNames) rows.otherNames.push({ ...name, orderId });

  const actor = { actorId: member.id, actorName: member.name };
  if (order.assignedTo && !delivered) {
    rows.activity.push({
      orderId,
      ...actor,
      action: 'assigned',
      toValue: member.name,
      createdAt: at(created + DAY / 96),
    });
  }
  if (status !== 'New') {
    const from = status === 'Deleted' ? order.previousStatus : 'New';
    rows.activity.push({
      orderId,
      ...actor,
      action: 'status-changed',
      fromValue: from,
      toValue: status,
      createdAt: at(doneAt),
    });
  }
  if (order.refundDate) {
    rows.activity.push({ orderId, ...actor, action: 'refund-completed', createdAt: order.refundDate });
  }
  const remarkChance = ['Contact Customer', 'Customer Called', 'ChargeBack', 'Refunds'].includes(status) ? 0.8 : 0.35;
  if (status !== 'New' && rng.chance(remarkChance)) {
    for (let i = rng.int(1, 3); i > 0; i--) {
      const author = rng.pick(members);
      rows.remarks.push({
        ...buildRemark({ orderId, staffId: author.id, remarkName: author.name }, rng),
        statusRefund: status === 'Refunds' ? 'Y' : 'N',
        chargeback: status === 'ChargeBack' ? 'Y' : 'N',
        reportError: rng.chance(0.02) ? 'Y' : 'N',
        createdAt: at(created + rng.int(DAY / 48, 10 * DAY)),
      });
    }
  }
  if (delivered) addDelivery(ctx, rows, order, member, doneAt);
  if (order.refundDate) rows.mails.push(mail(ctx, order, 'refund', Date.parse(order.refundDate), member, null));
}

/** The approved document, its approval e-mail, an occasional resend and the customer's downloads. */
function addDelivery(ctx: BatchContext, rows: Rows, order: NewOrder, member: Member, doneAt: number): void {
  const { rng } = ctx;
  const orderId = order.orderId as number;
  const provider = rng.chance(0.6) ? 'AWS' : 'Sendgrid';
  const file1 = `${orderId}-${randomCode(rng, 12).toLowerCase()}.pdf`;
  // The document's id is the order's: unique, and known before the insert so the mail can point at it.
  rows.documents.push({
    id: orderId,
    orderId,
    file1,
    originalName: `nzeta-${orderId}.pdf`,
    contentType: 'application/pdf',
    size: rng.int(80_000, 400_000),
    sha256: randomCode(rng, 64, '0123456789abcdef'),
    customerName: order.fullName ?? null,
    mailServiceProvider: provider,
    uploadedBy: member.id,
    createdAt: new Date(doneAt).toISOString(),
  });
  rows.mails.push(mail(ctx, order, 'approval', doneAt, member, orderId, provider));
  if (rng.chance(0.1)) rows.mails.push(mail(ctx, order, 'resend', doneAt + rng.int(DAY, 5 * DAY), member, orderId));
  if (rng.chance(0.85)) {
    for (let i = rng.int(1, 3); i > 0; i--) {
      const createdAt = new Date(Math.min(doneAt + rng.int(60_000, 3 * DAY), ctx.now.getTime())).toISOString();
      rows.downloads.push(buildDownload({ orderId, file1, createdAt }, rng));
    }
  }
}

function mail(
  ctx: BatchContext,
  order: NewOrder,
  kind: string,
  atMs: number,
  member: Member,
  documentId: number | null,
  provider?: string,
): NewMailMessage {
  const createdAt = new Date(Math.min(atMs, ctx.now.getTime())).toISOString();
  return buildMailMessage(
    {
      orderId: order.orderId as number,
      toAddress: order.email ?? '',
      kind,
      createdAt,
      createdBy: member.id,
      documentId,
      ...(provider && { provider }),
    },
    ctx.rng,
  );
}

async function insertRows(db: Db, rows: Rows): Promise<void> {
  await db.transaction(async (tx) => {
    // A benchmark data set can be regenerated: no WAL flush per batch.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await bulkInsert(tx, orders, rows.orders);
    await bulkInsert(tx, orderOtherNames, rows.otherNames);
    await bulkInsert(tx, documents, rows.documents);
    await bulkInsert(tx, mailMessages, rows.mails);
    await bulkInsert(tx, downloadHistory, rows.downloads);
    await bulkInsert(tx, remarks, rows.remarks);
    await bulkInsert(tx, orderActivity, rows.activity);
  });
}

/** One INSERT per table and batch, the rows travelling as a single JSON parameter. */
async function bulkInsert(tx: DbOrTx, table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const used = new Set<string>();
  for (const row of rows) for (const key in row) if (row[key] !== undefined) used.add(key);
  const columns = Object.entries(getTableColumns(table)).filter(([key, column]) => !column.generated && used.has(key));
  const data = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) record[column.name] = row[key] ?? null;
    return record;
  });
  const names: SQL = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  await tx.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(null::${table}, ${JSON.stringify(data)}::json)`,
  );
}
