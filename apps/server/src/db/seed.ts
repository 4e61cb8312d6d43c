import { intakeApplicationInput, type MoveTarget, moveAction, type Role, type Status } from '@nzeta/domain';
import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { hashPassword } from '../lib/passwords';
import { type Db, type DbOrTx, queryRows } from './client';
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
  toIntakeBody,
} from './factories';
import { toOrderRow, toOtherNameRows } from './intake-rows';
import {
  documents,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  paymentGateways,
  remarks,
  settings,
  staff,
} from './schema';
import { DEMO_PDF, demoDocumentRow, type PlannedStep, planHistory } from './seed-history';

/** The demo accounts of DESIGN §4, one per role. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; type: Role }> = [
  { email: 'admin@example.com', name: 'Demo Admin', type: 'Admin' },
  { email: 'manager@example.com', name: 'Demo Manager', type: 'Manager' },
  { email: 'team@example.com', name: 'Demo Team', type: 'Team' },
  { email: 'telecaller@example.com', name: 'Demo Telecaller', type: 'Telecaller' },
  { email: 'night@example.com', name: 'Demo Night Staff', type: 'Night Staff' },
];

/** Where demo documents are stored (the documents storage); without it only the rows are written. */
export interface SeedStorage {
  put(name: string, content: Buffer): Promise<unknown>;
}

export interface SeedOptions {
  orders: number;
  /** store each demo document, so Resend and the visitor download find it */
  storage?: SeedStorage;
  log?: (message: string) => void;
  /** a fixed seed replays the same data set */
  seed?: number;
  /** batches in flight at once; PostgreSQL gains from 4, PGlite runs one at a time anyway */
  concurrency?: number;
  batchSize?: number;
  /** disable the rollup trigger and rebuild once; the default does so above 20,000 orders */
  rebuildRollup?: boolean;
  now?: Date;
  /** which orders to make; the demo's mix when absent (the benchmark brings its own) */
  plan?: SeedPlan;
}

/**
 * The shape of a data set: what each order becomes and when it was placed. Every order still gets
 * its history from the same steps through the transition table, whatever the plan.
 */
export interface SeedPlan {
  /** the scenario and creation time (ms) of the order at this position of the seed */
  orderAt(index: number, rng: Rng, now: Date): { scenario: SeedScenario; createdMs: number };
  /** a surname for the next order, or undefined for a generated one */
  lastName?(rng: Rng): string | undefined;
  /** order ids are firstOrderId + position (the caller sets order_id_seq after); else the sequence */
  firstOrderId?: number;
}

interface Member {
  id: number;
  name: string;
  type: string;
}

export async function seedDemoData(db: DbOrTx, options: SeedOptions): Promise<{ orders: number }> {
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const now = options.now ?? new Date();
  const members = await ensureDemoStaff(db);
  await ensureGatewaysAndSettings(db);
  const total = Math.max(0, Math.floor(options.orders));
  const batchSize = options.batchSize ?? 2_000;
  const batches = Math.ceil(total / batchSize);
  // A transaction handle is one connection: its batches cannot overlap.
  const concurrency = db instanceof PgTransaction ? 1 : Math.max(1, options.concurrency ?? 1);
  const rebuild = options.rebuildRollup ?? total > 20_000;
  const plan = options.plan ?? DEMO_PLAN;
  // Statement-level rebuild beats a trigger call per row by an order of magnitude on big seeds.
  if (rebuild) await disableRollupTriggers(db);
  let done = 0;
  let nextLog = 50_000;
  let nextBatch = 0;
  let failed = false;
  const worker = async () => {
    while (nextBatch < batches && !failed) {
      const index = nextBatch++;
      const count = Math.min(batchSize, total - index * batchSize);
      // Each batch has its own stream, so the data does not depend on which batch finishes first.
      const rng = createRng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
      const ctx = { rng, now, members, first: index * batchSize, count, storage: options.storage, plan };
      await insertBatch(db, ctx).catch((error: unknown) => {
        failed = true; // the other workers stop taking batches
        throw error;
      });
      done += count;
      if (done >= nextLog) {
        log(`${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} orders`);
        nextLog = (Math.floor(done / 50_000) + 1) * 50_000;
      }
    }
  };
  try {
    const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, batches) }, worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    if (rebuild) await rebuildRollup(db);
  }
  log(`${total.toLocaleString('en-US')} orders seeded`);
  return { orders: total };
}

/** Seeds the demo data set once: only while there is no staff member at all. */
export async function seedIfEmpty(
  db: Db,
  options: { orders?: number; log?: (message: string) => void; seed?: number; storage?: SeedStorage } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then finds the staff table filled.
    await tx.execute(sql`select pg_advisory_xact_lock(7406190)`);
    const [row] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from staff`);
    if ((row?.count ?? 0) > 0) return false;
    await seedDemoData(tx, {
      orders: options.orders ?? 300,
      log: options.log,
      seed: options.seed,
      ...(options.storage ? { storage: options.storage } : {}),
    });
    return true;
  });
}

/** Turns off the triggers that keep the folder and report rollups, for a bulk load. */
export async function disableRollupTriggers(db: DbOrTx): Promise<void> {
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_rollup`);
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_report_rollup`);
}

/** Rebuilds the folder and report rollups from the orders and turns their triggers back on. */
export async function rebuildRollup(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    // Enabling a trigger locks out writers until commit, so the rebuilt counts miss nothing.
    await tx.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_rollup`);
    await tx.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_report_rollup`);
    // Same keys as the triggers (migrations 0003 and 0013): the layouts are defined in SQL alone.
    await tx.execute(sql`SELECT order_rollup_rebuild()`);
    await tx.execute(sql`SELECT report_rollup_rebuild()`);
  });
}

async function ensureDemoStaff(db: DbOrTx): Promise<Member[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const existing = await db
    .select({ id: staff.id, name: staff.name, type: staff.type, email: staff.email })
    .from(staff)
    .where(sql`${staff.deletedAt} is null and lower(${staff.email}) in ${emails}`);
  const known = new Set(existing.map((s) => s.email.toLowerCase()));
  const missing = DEMO_ACCOUNTS.filter((a) => !known.has(a.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const added = await db
      .insert(staff)
      .values(missing.map((a) => ({ ...a, passwordHash })))
      .returning({ id: staff.id, name: staff.name, type: staff.type, email: staff.email });
    existing.push(...added);
  }
  const byEmail = new Map(existing.map((s) => [s.email.toLowerCase(), s]));
  return emails.map((e) => byEmail.get(e)).filter((s): s is NonNullable<typeof s> => !!s);
}

async function ensureGatewaysAndSettings(db: DbOrTx): Promise<void> {
  const gateways = ['Stripe', 'PayPal', 'Authorize.Net', 'Square'];
  const present = await db
    .select({ name: paymentGateways.gatewayName })
    .from(paymentGateways)
    .where(inArray(paymentGateways.gatewayName, gateways));
  if (!present.length) {
    await db
      .insert(paymentGateways)
      .values(gateways.map((gatewayName) => ({ gatewayName, isActive: gatewayName === 'Stripe' })))
      .onConflictDoNothing();
  }
  const company = {
    name: 'Demo Travel Services Ltd',
    addressLines: ['Level 3, 12 Example Street', 'Auckland 1010', 'New Zealand'],
    phone: '+64 9 555 0100',
    email: 'support@example.com',
    website: 'https://www.example.com',
  };
  await db
    .insert(settings)
    .values([
      { key: 'company', value: company },
      { key: 'support', value: { phone: company.phone, email: company.email } },
      { key: 'productTitle', value: 'New Zealand Electronic Travel Authority (NZeTA)' },
    ])
    .onConflictDoNothing();
}

export type SeedScenario =
  | 'new'
  | 'priority'
  | 'mine'
  | 'mineTeam'
  | 'mineAdmin'
  | 'future'
  | 'futureDue'
  | 'refundPending'
  | 'refunded'
  | Exclude<Status, 'New' | 'Refunds'>;

/** Rough shares of a year of trading: most orders done, a few days of work open. */
const WEIGHTS: ReadonlyArray<[SeedScenario, number]> = [
  ['new', 5],
  ['priority', 2],
  ['mine', 1.5],
  ['future', 4],
  ['futureDue', 0.5],
  ['Pending', 1],
  ['Completed', 58],
  ['Awaiting', 3],
  ['AwaitingGovt', 2],
  ['Contact Customer', 2],
  ['Customer Called', 2],
  ['refundPending', 1.5],
  ['refunded', 4],
  ['ChargeBack', 1],
  ['Deleted', 3],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
/** The first orders cover every folder, so even a small seed fills each one. */
const GUARANTEED: readonly SeedScenario[] = [
  ...WEIGHTS.map(([s]) => s).filter((s) => s !== 'mine'),
  'mineTeam',
  'mineAdmin',
];

/** Days ago an order of each scenario was created: open work is recent, history spans 13 months. */
const CREATED_DAYS_AGO: Record<SeedScenario, [number, number]> = {
  new: [0, 3],
  priority: [0, 2],
  mine: [0, 4],
  mineTeam: [0, 4],
  mineAdmin: [0, 4],
  future: [0, 60],
  futureDue: [20, 60],
  Pending: [0, 5],
  Completed: [1, 395],
  Awaiting: [2, 90],
  AwaitingGovt: [2, 60],
  'Contact Customer': [1, 45],
  'Customer Called': [3, 120],
  refundPending: [3, 60],
  refunded: [10, 395],
  ChargeBack: [30, 395],
  Deleted: [0, 395],
};

function pickScenario(rng: Rng): SeedScenario {
  let roll = rng.next() * TOTAL_WEIGHT;
  for (const [scenario, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return scenario;
  }
  return 'Completed';
}

const DAY = 86_400_000;

/** The demo's mix: every folder filled first, then a year of trading by the weights above. */
const DEMO_PLAN: SeedPlan = {
  orderAt(index, rng, now) {
    const scenario = GUARANTEED[index] ?? pickScenario(rng);
    const [minDays, maxDays] = CREATED_DAYS_AGO[scenario];
    return { scenario, createdMs: now.getTime() - rng.int(minDays * DAY, maxDays * DAY) };
  },
};

interface BatchContext {
  rng: Rng;
  now: Date;
  members: Member[];
  first: number;
  count: number;
  storage?: SeedStorage | undefined;
  plan: SeedPlan;
}

interface SeedRows {
  activity: Array<typeof orderActivity.$inferInsert>;
  documents: Array<typeof documents.$inferInsert>;
  /** the document each mail row attaches (by position), its id known once inserted */
  mailDocuments: Array<string | null>;
  orders: NewOrder[];
  otherNames: Array<typeof orderOtherNames.$inferInsert>;
  remarks: NewRemark[];
  mails: NewMailMessage[];
  downloads: NewDownload[];
}

async function insertBatch(db: DbOrTx, ctx: BatchContext): Promise<void> {
  const firstId = ctx.plan.firstOrderId;
  const ids =
    firstId === undefined
      ? await queryRows<{ id: string }>(
          db,
          sql`select nextval('order_id_seq')::text as id from generate_series(1, ${ctx.count}::int)`,
        )
      : Array.from({ length: ctx.count }, (_, i) => ({ id: String(firstId + ctx.first + i) }));
  const rows: SeedRows = {
    activity: [],
    documents: [],
    mailDocuments: [],
    orders: [],
    otherNames: [],
    remarks: [],
    mails: [],
    downloads: [],
  };
  ids.forEach(({ id }, i) => {
    const { scenario, createdMs } = ctx.plan.orderAt(ctx.first + i, ctx.rng, ctx.now);
    addOrder(ctx, rows, Number(id), scenario, createdMs);
  });
  if (ctx.storage) {
    const storage = ctx.storage;
    await Promise.all(rows.documents.map((row) => storage.put(row.file1, DEMO_PDF)));
  }
  await db.transaction(async (tx) => {
    // Demo data can be regenerated: skipping the WAL flush per commit is worth it.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await bulkInsert(tx, orders, rows.orders);
    await bulkInsert(tx, orderOtherNames, rows.otherNames);
    await bulkInsert(tx, remarks, rows.remarks);
    if (rows.documents.length) {
      // The ids come back from the insert itself: no lookup, which would scan the table when a
      // bulk load has dropped its indexes.
      const stored = await bulkInsert(tx, documents, rows.documents, sql`RETURNING id::text as id, file1`);
      const idOf = new Map(stored.map((row) => [row.file1, Number(row.id)]));
      rows.mails.forEach((row, i) => {
        const file1 = rows.mailDocuments[i];
        if (file1) row.documentId = idOf.get(file1) ?? null;
      });
    }
    await bulkInsert(tx, mailMessages, rows.mails);
    await bulkInsert(tx, orderActivity, rows.activity);
    await bulkInsert(tx, downloadHistory, rows.downloads);
  });
}

function addOrder(ctx: BatchContext, rows: SeedRows, orderId: number, scenario: SeedScenario, created: number): void {
  const { rng, members } = ctx;
  const now = ctx.now.getTime();
  const createdAt = new Date(created).toISOString();
  const member = rng.pick(members);
  const at = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const todayUtc = ctx.now.toISOString().slice(0, 10);
  const modes = { new: 'Standard', priority: 'Priority', future: 'Future', futureDue: 'Future' } as const;
  const mode = modes[scenario as keyof typeof modes];
  const lastName = ctx.plan.lastName?.(rng);
  const application = buildApplication(
    { createdAt, ...(mode && { processingMode: mode }), ...(lastName && { lastName }) },
    rng,
    ctx.now,
  );
  // The application goes through the intake's own validation and mapping (DESIGN §8), as the
  // public site's would; only storing it, and its history, are done in bulk here.
  const reference = `demo-${orderId}`;
  const { reference: _reference, ...input } = intakeApplicationInput.parse(toIntakeBody(application, reference));
  const order: NewOrder = { ...toOrderRow(input, reference), orderId, createdAt, updatedAt: createdAt };
  const otherNames = toOtherNameRows(orderId, input);
  if (scenario === 'future') order.processingDate = futureDate(rng, ctx.now);
  else if (order.processingMode === 'Future') {
    // Past its date: two days back from the UTC date is "not after today" in every time zone.
    const latest = addDays(todayUtc, -2);
    const planned = addDays(createdAt.slice(0, 10), rng.int(1, 14));
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text, Math.min would coerce them
    order.processingDate = planned < latest ? planned : latest;
  }
  order.processMonth = processMonthOf(order.processingDate);
  const doneAt = Math.min(created + rng.int(DAY / 24, 2 * DAY), now);
  const steps = stepsOf(scenario, ctx, member);
  // The steps are spread between the order's creation and when its work was done.
  const times = steps.map((_, i) => at(created + Math.round(((doneAt - created) * i) / Math.max(1, steps.length - 1))));
  const plan = planHistory(orderId, steps, times, rng);
  const status = plan.status;
  order.processStatus = status;
  order.previousStatus = plan.previousStatus;
  order.assignedTo = plan.assignedTo;
  order.processedById = plan.processedBy?.id ?? null;
  order.processedBy = plan.processedBy?.name ?? null;
  order.processedAt = plan.processedAt;
  order.refundDate = plan.refundDate;
  if (status === 'ChargeBack') order.merchantName = rng.pick(['Demo Merchant One', 'Demo Merchant Two']);
  order.updatedAt = times[times.length - 1] ?? createdAt;
  rows.orders.push(order);
  rows.otherNames.push(...otherNames);
  for (const entry of plan.activity) rows.activity.push({ ...entry, orderId });

  if (
    status !== 'New' &&
    rng.chance(['Contact Customer', 'Customer Called', 'ChargeBack', 'Refunds'].includes(status) ? 0.8 : 0.35)
  ) {
    for (let i = rng.int(1, 3); i > 0; i--) {
      const author = rng.pick(members);
      const remarkAt = at(created + rng.int(DAY / 48, 10 * DAY));
      rows.remarks.push({
        ...buildRemark({ orderId, staffId: author.id, remarkName: author.name }, rng),
        statusRefund: status === 'Refunds' ? 'Y' : 'N',
        voided: 'N',
        chargeback: status === 'ChargeBack' ? 'Y' : 'N',
        reportError: rng.chance(0.02) ? 'Y' : 'N',
        createdAt: remarkAt,
      });
      rows.activity.push({
        orderId,
        actorId: author.id,
        actorName: author.name,
        action: 'remark-added',
        fromValue: null,
        toValue: null,
        detail: null,
        createdAt: remarkAt,
      });
    }
  }
  const document = demoDocumentRow(orderId, plan);
  if (document && plan.document) {
    rows.documents.push(document);
    const attachments = [{ filename: `NZeTA-${orderId}.pdf`, contentType: 'application/pdf', file1: document.file1 }];
    const uploaded = Date.parse(plan.document.at);
    const by = plan.document.uploadedBy.id;
    const approval = {
      ...mail(ctx, orderId, order.email ?? '', 'approval', uploaded, by),
      attachments,
      provider: 'AWS',
    };
    if (plan.deliveredAt) {
      rows.mails.push({ ...approval, sentAt: plan.deliveredAt });
      rows.mailDocuments.push(document.file1);
      if (rng.chance(0.1)) {
        rows.mails.push({
          ...mail(ctx, orderId, order.email ?? '', 'resend', doneAt + rng.int(DAY, 5 * DAY), by),
          attachments,
        });
        rows.mailDocuments.push(document.file1);
      }
      if (rng.chance(status === 'Completed' ? 0.7 : 0.9)) {
        for (let i = rng.int(1, 3); i > 0; i--) {
          rows.downloads.push(
            buildDownload({ orderId, file1: document.file1, createdAt: at(doneAt + rng.int(60_000, 3 * DAY)) }, rng),
          );
        }
      }
    } else {
      // Pending: the approval e-mail waits in the outbox for its next attempt.
      rows.mails.push({
        ...approval,
        state: 'queued',
        attempts: 1,
        sentAt: null,
        providerMessageId: null,
        lastError: 'Provider busy, will retry.',
        nextAttemptAt: new Date(now + DAY).toISOString(),
      });
      rows.mailDocuments.push(document.file1);
    }
  }
  if (order.refundDate) {
    rows.mails.push(mail(ctx, orderId, order.email ?? '', 'refund', Date.parse(order.refundDate), member.id));
    rows.mailDocuments.push(null);
  }
}

/** The operations that bring a demo order of this scenario to where it is. */
function stepsOf(scenario: SeedScenario, ctx: BatchContext, worker: Member): PlannedStep[] {
  const { rng, members } = ctx;
  const leads = members.filter((m) => m.type === 'Admin' || m.type === 'Manager');
  const lead = rng.pick(leads.length ? leads : members);
  const intake: PlannedStep = { action: 'intake', by: null };
  const claim: PlannedStep[] = rng.chance(0.6) ? [{ action: 'claim', by: worker }] : [];
  const delivered: PlannedStep[] = [
    intake,
    ...claim,
    { action: 'upload', by: worker },
    { action: 'deliver', by: null },
  ];
  const move = (to: MoveTarget): PlannedStep => ({ action: moveAction(to), by: worker });
  switch (scenario) {
    case 'mine':
    case 'mineTeam':
    case 'mineAdmin': {
      const type = scenario === 'mineTeam' ? 'Team' : scenario === 'mineAdmin' ? 'Admin' : worker.type;
      const holder = members.find((m) => m.type === type) ?? worker;
      return [intake, { action: 'claim', by: holder }];
    }
    case 'Pending':
      return [intake, ...claim, { action: 'upload', by: worker }];
    case 'Completed':
      return delivered;
    case 'Awaiting':
    case 'AwaitingGovt':
    case 'Contact Customer':
      return [intake, ...claim, move(scenario)];
    case 'Customer Called':
    case 'ChargeBack':
      return [...delivered, move(scenario)];
    case 'refundPending':
      return [...(rng.chance(0.5) ? delivered : [intake]), move('Refunds')];
    case 'refunded':
      return [...delivered, move('Refunds'), { action: 'refund', by: worker }];
    case 'Deleted': {
      const before = rng.pick<PlannedStep[]>([
        [intake],
        [intake, move('Awaiting')],
        [intake, move('Contact Customer')],
        delivered,
      ]);
      return [...before, { action: 'delete', by: lead }];
    }
    default:
      return [intake];
  }
}

function mail(ctx: BatchContext, orderId: number, to: string, kind: string, atMs: number, by: number): NewMailMessage {
  const createdAt = new Date(Math.min(atMs, ctx.now.getTime())).toISOString();
  return buildMailMessage({ orderId, toAddress: to, kind, createdAt, createdBy: by, attachments: [] }, ctx.rng);
}

/**
 * One multi-row INSERT of any size through a single JSON parameter: PostgreSQL's 65,535
 * parameter limit would cap a column-per-parameter insert near 1,000 orders. Columns no row sets
 * are left to their database defaults.
 */
async function bulkInsert(
  tx: DbOrTx,
  table: PgTable,
  rows: ReadonlyArray<Record<string, unknown>>,
  returning?: SQL,
): Promise<Array<{ id: string; file1: string }>> {
  if (!rows.length) return [];
  const used = new Set<string>();
  for (const row of rows) for (const key in row) if (row[key] !== undefined) used.add(key);
  const columns = Object.entries(getTableColumns(table)).filter(([key, column]) => !column.generated && used.has(key));
  const data = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[key] ?? null;
      if (value === null && column.notNull) throw new Error(`bulkInsert: ${column.name} is required in every row`);
      record[column.name] = value;
    }
    return record;
  });
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  return queryRows(
    tx,
    sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(null::${table}, ${JSON.stringify(data)}::json) ${returning ?? sql``}`,
  );
}
