import { businessToday } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { type BackgroundJobs, startBackgroundJobs } from '../../background-jobs';
import { insertOrder } from '../../db/factories';
import { orders } from '../../db/schema';
import type { OrdersChange } from '../../lib/event-hub';
import { deliverUntilSettled } from '../mail/testing/deliver';
import { multipart } from '../order-detail/testing/multipart';
import { samplePdf } from '../order-detail/testing/sample-files';
import { countFolders, loadRollupGroups } from './get-folder-counts';

/**
 * A console as the browser runs it: on every change it hears from the instance holding its event
 * stream, it reads the counts again (one read at a time, one more if a change came meanwhile),
 * here from the other instance, as round robin may send it.
 */
function consoleOn(streamFrom: TestApp, readFrom: TestApp, token: string) {
  const shown = { counts: undefined as Record<string, number> | undefined, events: 0 };
  let reading: Promise<void> | undefined;
  let again = false;
  const read = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const answer = await readFrom.call({ method: 'GET', url: '/api/admin/get-folder-count', token });
        shown.counts = answer.json<{ data: Record<string, number> }>().data;
      } while (again);
    })().finally(() => {
      reading = undefined;
    });
  };
  const off = streamFrom.app.ctx.events.onOrdersChanged(() => {
    shown.events++;
    read();
  });
  return { shown, off };
}

const waitFor = async (done: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return done();
};

// LISTEN/NOTIFY carries changes between instances on PostgreSQL; PGlite is one process.
describe.skipIf(testEngine !== 'postgres')('live counts across two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Each instance with its own rollup cache, as deployed (not the tests' default of none).
    a = await createTestApp({ FOLDER_COUNTS_MAX_AGE_MS: '2000' });
    b = await createTestApp({ FOLDER_COUNTS_MAX_AGE_MS: '2000' }, { database: a.database });
  });
  beforeEach(() => a.database.reset());
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('are read fresh from an instance that has not heard of the change yet, when the read names it', async () => {
    // A third instance whose notifications are late (here: never come), as on a busy machine.
    const late = await createTestApp(
      { FOLDER_COUNTS_MAX_AGE_MS: '60000' },
      { database: { ...a.database, listen: async () => async () => undefined } },
    );
    try {
      const member = await a.signInAs('Team');
      const order = await insertOrder(a.database.db, { processStatus: 'New', processingMode: 'Standard' });
      const read = (seen?: number) =>
        late
          .call({
            method: 'GET',
            url: `/api/admin/get-folder-count${seen ? `?seen=${seen}` : ''}`,
            token: member.token,
          })
          .then((answer) => answer.json<{ data: Record<string, number> }>().data);
      expect(await read()).toMatchObject({ newOrdersCount: 1, awaitingOrdersCount: 0 });

      const heard = new Promise<OrdersChange>((resolve) => {
        const off = b.app.ctx.events.onOrdersChanged((change) => {
          off();
          resolve(change);
        });
      });
      const changed = await a.call({
        method: 'PUT',
        url: '/api/admin/change-order-status',
        token: member.token,
        payload: { orderId: [order.orderId], updatingStatus: 'Awaiting' },
      });
      expect(changed.json()).toMatchObject({ status: 1 });
      const change = await heard;
      expect(change.at).toBeGreaterThan(0);

      // The console on b heard of it and reads from the late instance: without naming the
      // change it gets the counts from before it, naming it the counts after it.
      expect(await read()).toMatchObject({ newOrdersCount: 1, awaitingOrdersCount: 0 });
      expect(await read(change.at)).toMatchObject({ newOrdersCount: 0, awaitingOrdersCount: 1 });
    } finally {
      await late.close();
    }
  });

  it('show an order completed by the mail worker within 2 s on every instance, also when the commit is slow', async () => {
    const db = a.database.db;
    const member = await a.signInAs('Team');
    const order = await insertOrder(db, { processStatus: 'New', processingMode: 'Standard' });
    const uploaded = await a.call({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      token: member.token,
      ...multipart(
        { orderId: String(order.orderId), email: 'ana@example.org', mailServiceProvider: 'AWS' },
        {
          field: 'uploadVisaDoc',
          filename: 'approval.pdf',
          contentType: 'application/pdf',
          content: await samplePdf(),
        },
      ),
    });
    const { mailId } = uploaded.json().data;
    // The upload's own announcement goes by before the consoles start listening.
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A busy machine, made repeatable: every commit that changed an order takes half a second.
    await db.execute(sql`create or replace function test_slow_commit() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.5); return null; end $$`);
    await db.execute(sql`create constraint trigger test_slow_commit after update on orders
      deferrable initially deferred for each row execute function test_slow_commit()`);
    const onA = consoleOn(a, b, member.token);
    const onB = consoleOn(b, a, member.token);
    let jobs: BackgroundJobs | undefined;
    try {
      jobs = await startBackgroundJobs(a.app);
      const sent = await deliverUntilSettled(jobs.mailWorker, db, mailId);
      expect(sent.state).toBe('sent');
      const [completed] = await db.select().from(orders).where(eq(orders.orderId, order.orderId));
      expect(completed?.processStatus).toBe('Completed');

      const today = businessToday(a.config.BUSINESS_TZ);
      const expected = countFolders(await loadRollupGroups(db, today), { staffId: member.id, today });
      expect(expected).toMatchObject({ pendingOrdersCount: 0, completedOrdersCount: 1 });
      const showsIt = async () =>
        JSON.stringify(onA.shown.counts) === JSON.stringify(expected) &&
        JSON.stringify(onB.shown.counts) === JSON.stringify(expected);
      expect(await waitFor(showsIt, 2000), JSON.stringify({ expected, a: onA.shown, b: onB.shown })).toBe(true);
    } finally {
      await jobs?.stop();
      onA.off();
      onB.off();
      await db.execute(sql`drop trigger if exists test_slow_commit on orders`);
      await db.execute(sql`drop function if exists test_slow_commit()`);
    }
  });
});
