import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COUNT_FIELDS, FOLDER_KEYS } from '@nzeta/domain';
import { dropDatabase, openTarget, prepareDatabase, targetFor } from './src/bench-database';
import { type ServerProcess, startAppServer, startBaselineServer, startPeerServer } from './src/children';
import { appEndpoints, baselineEndpoints, type Endpoint, peerEndpoints } from './src/endpoints';
import { type LoadRun, median, round, runLoad, runSequential, timeRequest, waitUntilIdle } from './src/load';
import { describeMachine } from './src/machine';
import { type BenchOptions, parseOptions } from './src/options';
import {
  type BenchResults,
  type EndpointResult,
  judge,
  markdownReport,
  printTable,
  singleOf,
  summarize,
} from './src/report';
import { readSamples } from './src/samples';
import { isShareOfL2 } from './src/targets';

const SINGLE_REQUESTS = 5;
const LAST_BYTE_REQUESTS_PER_RUN = 3;
const resultsDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
const started = performance.now();

function log(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(0).padStart(5);
  console.log(`[${seconds} s] ${message}`);
}

async function signIn(app: ServerProcess, email: string): Promise<string> {
  const { status, body } = await timeRequest(app.baseUrl, {
    method: 'POST',
    path: '/api/admin/admin-login',
    body: { email, password: 'demo1234' },
  });
  const answer = JSON.parse(body.toString('utf8')) as { jwtToken?: string; message?: string };
  if (status !== 200 || !answer.jwtToken) throw new Error(`Sign-in as ${email} failed: ${answer.message}`);
  return answer.jwtToken;
}

async function folderCounts(app: ServerProcess, token: string): Promise<Record<string, number>> {
  const { body } = await timeRequest(app.baseUrl, { method: 'GET', path: '/api/admin/get-folder-count', token });
  const data = (JSON.parse(body.toString('utf8')) as { data: Record<string, number> }).data;
  return Object.fromEntries(FOLDER_KEYS.map((key) => [key, data[COUNT_FIELDS[key]] ?? 0]));
}

/** The folder nearest 3 % of all orders (30,000 of a million), the size 'All' is measured on. */
function allFolderOf(folders: Record<string, number>, orders: number): { key: string; count: number } {
  const goal = orders * 0.03;
  const [key, count] = Object.entries(folders)
    .filter(([k, n]) => k !== 'allOrder' && k !== 'completedOrder' && n > 0)
    .sort((a, b) => Math.abs(a[1] - goal) - Math.abs(b[1] - goal))[0] ?? ['allOrder', folders.allOrder ?? 0];
  return { key, count };
}

/** Lets the requests autocannon left in flight finish, then the machine breathe for a moment. */
async function settle(baseUrl: string): Promise<void> {
  await waitUntilIdle(baseUrl);
  await new Promise((resolve) => setTimeout(resolve, 250));
}

interface Collected {
  endpoint: Endpoint;
  single?: EndpointResult['single'];
  runs: LoadRun[];
  /** L2's run just before each of the endpoint's, for a target that is a share of L2 */
  l2Beside: LoadRun[];
  lastByte: number[];
  firstByte: number[];
}

async function measure(
  options: BenchOptions,
  endpoints: Endpoint[],
  servers: Partial<Record<Endpoint['server'], ServerProcess>>,
) {
  const collected: Collected[] = endpoints.map((endpoint) => ({
    endpoint,
    runs: [],
    l2Beside: [],
    lastByte: [],
    firstByte: [],
  }));
  const minConnections = Math.min(...options.connections);
  const l2 = endpoints.find((e) => e.key === 'l2');
  const baseUrl = servers.baseline?.baseUrl;

  // Each endpoint is measured in one stretch after its own warm-up: this host pages out file
  // cache left untouched for about half a minute, so rounds over all endpoints in turn would
  // measure cold reads from disk rather than the database.
  for (const item of collected) {
    const { endpoint } = item;
    const server = servers[endpoint.server];
    if (!server) throw new Error(`No ${endpoint.server} server was started for ${endpoint.key}.`);
    const base = server.baseUrl;
    if (endpoint.mode === 'last-byte') {
      await runSequential(base, endpoint.exchange, 2);
      const pass = await runSequential(base, endpoint.exchange, LAST_BYTE_REQUESTS_PER_RUN * options.runs);
      item.single = singleOf(pass);
      item.lastByte.push(...pass.times);
      item.firstByte.push(...pass.firstByte);
      log(`${endpoint.label}: last byte ${pass.times.join(', ')} ms (${(pass.bytes / 1e6).toFixed(1)} MB)`);
      continue;
    }
    // Warm-up at the lowest concurrency: enough to load the caches, without a backlog.
    await runLoad(base, endpoint.source, minConnections, options.warmup);
    await settle(base);
    item.single = singleOf(await runSequential(base, endpoint.exchange, SINGLE_REQUESTS));
    log(`${endpoint.label}: ${item.single.medianMs} ms alone, event loop max ${item.single.loopMaxMs} ms`);
    for (let round = 0; round < options.runs; round++) {
      for (const connections of options.connections) {
        // This host's speed drifts by two or three times within an hour: a share of L2 compares
        // each run with an L2 run made just before it, not with L2 measured minutes earlier.
        if (l2 && baseUrl && isShareOfL2(endpoint.key)) {
          const beside = await runLoad(baseUrl, l2.source, connections, options.duration);
          await settle(baseUrl);
          item.l2Beside.push(beside);
          log(`  L2 beside it @${connections}: ${beside.rps} req/s`);
        }
        const run = await runLoad(base, endpoint.source, connections, options.duration);
        await settle(base);
        item.runs.push(run);
        const failed = run.failures ? `, ${run.failures} FAILED` : '';
        log(
          `${endpoint.label} @${connections}: ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms (load ${run.load})${failed}`,
        );
      }
    }
  }
  return collected;
}

function assemble(options: BenchOptions, collected: Collected[]): EndpointResult[] {
  const l2 = collected.find((c) => c.endpoint.key === 'l2');
  const l2Summary = l2 ? summarize(l2.runs) : undefined;
  return collected.map(({ endpoint, single, runs, l2Beside, lastByte, firstByte }) => {
    const partial = {
      key: endpoint.key,
      label: endpoint.label,
      example: endpoint.example,
      mode: endpoint.mode,
      single: single ?? { medianMs: Number.NaN, maxMs: Number.NaN, loopMaxMs: Number.NaN, bytes: 0 },
      runs,
      summary: summarize(runs, endpoint.key.startsWith('l') ? undefined : l2Summary, l2Beside),
      ...(lastByte.length && {
        lastByte: {
          medianMs: round(median(lastByte)),
          maxMs: round(Math.max(...lastByte)),
          firstByteMedianMs: round(median(firstByte)),
          times: lastByte,
        },
      }),
    };
    return { ...partial, verdicts: judge(endpoint.key, options.engine, partial) };
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const target = targetFor(options.engine);
  log(`${options.engine}, ${options.orders.toLocaleString('en-US')} orders, seed ${options.seed}`);
  const marker = await prepareDatabase(target, {
    orders: options.orders,
    seed: options.seed,
    reuse: options.reuse,
    log,
  });
  if (options.seedOnly) return;

  const database = await openTarget(target);
  const machine = await describeMachine(database);
  const samples = await readSamples(database.db, options.orders);
  // PGlite's data folder has one owner at a time: the app server's, from here on.
  await database.close();

  const baseline = await startBaselineServer(target);
  const app = await startAppServer(target);
  const peer = options.peer ? await startPeerServer(target) : undefined;
  try {
    const tokens = { admin: await signIn(app, 'admin@example.com'), team: await signIn(app, 'team@example.com') };
    const folders = await folderCounts(app, tokens.team);
    log(`folders: ${JSON.stringify(folders)}`);
    const endpoints = [
      ...baselineEndpoints(),
      ...appEndpoints({
        samples,
        tokens,
        largest: { key: 'allOrder', count: folders.allOrder ?? 0 },
        allFolder: allFolderOf(folders, options.orders),
        businessTimeZone: 'America/New_York',
      }),
      ...(peer ? peerEndpoints({ samples }) : []),
    ].filter((e) => !options.only.length || e.key === 'l2' || options.only.some((o) => e.key.includes(o)));

    const collected = await measure(options, endpoints, { baseline, app, peer });
    const loads = collected.flatMap((c) => c.runs.map((r) => r.load));
    const results: BenchResults = {
      date: new Date().toISOString(),
      engine: options.engine,
      orders: options.orders,
      seed: marker.seed,
      durationSeconds: options.duration,
      runsPerMeasurement: options.runs,
      machine,
      loadDuringRun: {
        min: loads.length ? Math.min(...loads) : 0,
        median: round(median(loads)),
        max: loads.length ? Math.max(...loads) : 0,
      },
      folders,
      endpoints: assemble(options, collected),
    };
    writeResults(results, options);
    printTable(results);
  } finally {
    await peer?.stop();
    await app.stop();
    await baseline.stop();
  }
  if (options.drop) {
    await dropDatabase(target);
    log('benchmark database dropped');
  }
}

function writeResults(results: BenchResults, options: BenchOptions): void {
  mkdirSync(resultsDir, { recursive: true });
  const day = results.date.slice(0, 10);
  const json = path.join(resultsDir, `${day}-${options.engine}-${options.orders}.json`);
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  // A partial run (--only) is kept in its JSON but does not replace the latest full table.
  if (!options.only.length)
    writeFileSync(path.join(resultsDir, `latest-${options.engine}.md`), markdownReport(results));
  log(`results written to ${path.relative(process.cwd(), json)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
