// The scale-out rig: npm run test:scale [-- --install] [--direct] [--pause-ms 6000] [--capacity]
// Three instances behind nginx on one PostgreSQL database (through PgBouncer unless --direct),
// documents in s3rver, mail to a provider stand-in; a mixed workload runs while each instance
// is stopped with SIGTERM and started again in turn. Exits 1 on any failure.
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/db/client';
import { insertOrder } from '../../src/db/factories';
import { createStaffToken } from '../reliability/support/staff';
import { measureCapacity } from './capacity';
import { checkConsoles, checkMail, checkOrders, checkUploads } from './checks';
import { Tally } from './client';
import { ConsoleClient } from './console-client';
import { type Rig, startRig } from './rig';
import { type Member, type Pools, Workload } from './workload';

const { values } = parseArgs({
  options: {
    install: { type: 'boolean', default: false },
    direct: { type: 'boolean', default: false },
    capacity: { type: 'boolean', default: false },
    'pause-ms': { type: 'string', default: '6000' },
    'base-port': { type: 'string', default: process.env.SCALE_BASE_PORT ?? '3300' },
    'pgbouncer-port': { type: 'string', default: process.env.SCALE_PGBOUNCER_PORT ?? '6433' },
  },
});
const PAUSE_MS = Number(values['pause-ms']);
const TIME_LIMIT_MS = 10 * 60_000;
const STAFF = 4;
const CONSOLES = 3;
const CUSTOMERS = 2;

let rig: Rig | undefined;
// Bounded in time: whatever happens, everything started is stopped.
const limit = setTimeout(async () => {
  console.error(`scale rig: over ${TIME_LIMIT_MS / 60_000} minutes, stopping`);
  await rig?.stop();
  process.exit(1);
}, TIME_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await rig?.stop();
    process.exit(130);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<number> {
  const started = Date.now();
  rig = await startRig({
    basePort: Number(values['base-port']),
    instances: 3,
    pgBouncerPort: values.direct ? 0 : Number(values['pgbouncer-port']),
    serverUrl: process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    install: values.install,
  });
  console.log(`rig up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rig.balancerUrl}`);
  if (values.capacity) {
    console.log((await measureCapacity(rig)).join('\n'));
    return 0;
  }
  const database = await openDatabase({ databaseUrl: rig.databaseUrl, poolSize: 2 });
  try {
    const members: Member[] = [];
    for (let i = 0; i < STAFF + CONSOLES; i++)
      members.push(await createStaffToken(database.db, 'Team', `Staff ${i + 1}`));
    const allOrders: number[] = [];
    const pools: Pools = { claims: [], moves: [], uploads: [] };
    const markers: number[] = [];
    for (let i = 0; i < 420; i++) {
      const email = `traveller${i}@example.org`;
      const order = await insertOrder(database.db, { processStatus: 'New', email, assignedTo: null });
      allOrders.push(order.orderId);
      if (i < 10) markers.push(order.orderId);
      else if (i < 170) pools.claims.push(order.orderId);
      else if (i < 330) pools.moves.push(order.orderId);
      else pools.uploads.push({ orderId: order.orderId, email });
    }

    const tally = new Tally();
    const consoles = members.slice(STAFF).map((m) => new ConsoleClient(tally, rig?.balancerUrl ?? '', m.token, m.id));
    for (const c of consoles) c.start();
    const workload = new Workload(tally, rig.balancerUrl, pools, allOrders);
    const runStarted = Date.now();
    workload.start(members.slice(0, STAFF), CUSTOMERS);
    const marker = () => ({ orderId: markers.pop() ?? 0, token: members[0]?.token ?? '' });

    await sleep(PAUSE_MS);
    const convergeMs = [await checkConsoles(tally, rig, database, workload, consoles, marker())];
    const stops: string[] = [];
    for (const instance of rig.instances) {
      const stopped = await instance.stop('SIGTERM');
      stops.push(`${instance.name} ${stopped.ms} ms (exit ${stopped.code})`);
      if (stopped.code !== 0) tally.failures.push(`${instance.name} exited ${stopped.code} on SIGTERM`);
      await sleep(1000);
      await instance.start();
      // Back in the balancer once nginx tries it again (fail_timeout), then the consoles' check.
      await sleep(PAUSE_MS);
      convergeMs.push(await checkConsoles(tally, rig, database, workload, consoles, marker()));
    }
    await workload.stop();
    const runSeconds = (Date.now() - runStarted) / 1000;
    for (const c of consoles) await c.stop();

    const uploadsChecked = await checkUploads(tally, rig.instances, workload.uploads, members[0]?.token ?? '');
    const mail = await checkMail(tally, database, rig);
    const changedTwice = await checkOrders(tally, database, workload);
    const perInstance = [...rig.nginx.requestsPerUpstream()].map(([k, n]) => `${k}: ${n}`).join(', ');

    const report = [
      `scale rig (${rig.pooled ? 'PgBouncer transaction mode, prepared statements off' : 'direct PostgreSQL'}):`,
      `  requests: ${tally.requests} in ${runSeconds.toFixed(0)} s (${(tally.requests / runSeconds).toFixed(1)}/s), failures: ${tally.failures.length}, retried reads: ${tally.retries}`,
      `  restarts: ${rig.instances.length} (SIGTERM to exit: ${stops.join(', ')})`,
      `  mails: ${mail.messages} queued, ${mail.sent} sent once, duplicates: ${mail.duplicates}`,
      `  uploads: ${workload.uploads.length} acknowledged, ${uploadsChecked} reads checked (each from every instance); visitor downloads checked: ${workload.downloadsChecked}`,
      `  claims: ${workload.claimed.length}, status moves: ${workload.moved.length}, orders changed other than once: ${changedTwice}`,
      `  event streams: ${consoles.reduce((n, c) => n + c.reconnects, 0)} reconnects, longest gap ${Math.max(...consoles.map((c) => c.longestGapMs))} ms; consoles showed a change in ${convergeMs.join(' / ')} ms (before the restarts, then after each; limit 2000, late: ${tally.lateConsoles.length})`,
      `  answered by (nginx log): ${perInstance}`,
    ];
    console.log(report.join('\n'));
    for (const failure of tally.failures.slice(0, 20)) console.log(`  FAILURE ${failure.slice(0, 300)}`);
    for (const late of tally.lateConsoles) console.log(`  LATE ${late}`);
    for (const line of rig.nginx.errors().slice(0, 10)) console.log(`  nginx: ${line}`);
    return tally.failures.length || tally.lateConsoles.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
  for (const instance of rig?.instances ?? []) console.error(`--- ${instance.name}\n${instance.output().slice(-3000)}`);
} finally {
  await rig?.stop();
  clearTimeout(limit);
}
process.exit(code);
