// Capacity of the staff mix: npm run test:scale -- --capacity (needs a quiet machine)
// Requests per second of one instance directly, then of the three behind nginx, with the CPU
// time each process used meanwhile: what saturates first is what limits.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed';
import { createStaffToken } from '../reliability/support/staff';
import type { Rig } from './rig';

const SECONDS = Number(process.env.SCALE_CAPACITY_SECONDS ?? 20);
const CONNECTIONS = 16;

/** CPU seconds (user + system, with ended children's) of the processes `match` picks. */
function cpuSeconds(match: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!match(pid, comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: PostgreSQL's backends come and go, and an ended
      // one's time moves to the postmaster's children's time (a plain sum would go down).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

async function measure(url: string, token: string, orderIds: number[], rig: Rig) {
  const paths = [
    '/api/admin/get-folder-count',
    '/api/admin/get-orders-list/newOrder',
    '/api/admin/get-orders-list/allOrder',
    ...orderIds.slice(0, 50).map((id) => `/api/admin/get-orders-details/${id}`),
  ];
  const pids = new Set(rig.instances.map((i) => i.pid()));
  const sample = () => ({
    instances: cpuSeconds((pid) => pids.has(pid)),
    postgres: cpuSeconds((_, comm) => comm.startsWith('postgres')),
    pgbouncer: cpuSeconds((_, comm) => comm === 'pgbouncer'),
    nginx: cpuSeconds((_, comm) => comm === 'nginx'),
  });
  const before = sample();
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 20,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'GET',
          path: paths[next++ % paths.length] ?? paths[0],
          headers: { authorization: token },
        }),
      },
    ],
  });
  const after = sample();
  const cpu = Object.entries(after)
    .map(([name, value]) => `${name} ${((value - before[name as keyof typeof before]) / SECONDS).toFixed(2)}`)
    .join(', ');
  return `${Math.round(result.requests.total / SECONDS)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}; CPU cores used: ${cpu}`;
}

export async function measureCapacity(rig: Rig): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: rig.databaseUrl, poolSize: 2 });
  try {
    await seedDemoData(database.db, { orders: 5000, seed: 42 });
    const { token } = await createStaffToken(database.db, 'Admin', 'Capacity Tester');
    const rows = (await database.db.execute('select order_id from orders order by random() limit 50')) as unknown as {
      rows: { order_id: string }[];
    };
    const ids = rows.rows.map((row) => Number(row.order_id));
    const first = rig.instances[0];
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    return [
      `capacity, staff mix (counts, lists, details), ${CONNECTIONS} connections, ${SECONDS} s each; load average before: ${load}`,
      `  one instance directly: ${first ? await measure(first.url, token, ids, rig) : 'none'}`,
      `  three behind nginx:    ${await measure(rig.balancerUrl, token, ids, rig)}`,
    ];
  } finally {
    await database.close();
  }
}
