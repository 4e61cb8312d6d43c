import type { Endpoint } from './endpoints';
import { type LoadRun, median, round, type SequentialPass } from './load';
import type { Machine } from './machine';
import type { Engine } from './options';
import { check, describeCriterion, type Figures, scaled, TARGET_CONNECTIONS, TARGETS } from './targets';

export interface ConnectionSummary {
  connections: number;
  rps: { median: number; min: number; max: number };
  p50: number;
  p99: number;
  /**
   * req/s as a share of L2's: the median of each run's share of the L2 run made just before it
   * when there were such runs, else of L2's median at the same connection count
   */
  shareOfL2?: number;
  /** median req/s of the L2 runs made just before this call's */
  l2Beside?: number;
  failures: number;
}

export interface Verdict {
  target: string;
  measured: number | undefined;
  met: boolean;
}

export interface EndpointResult {
  key: string;
  label: string;
  example: string;
  mode: Endpoint['mode'];
  /** requests one at a time: latency of a request on its own and the event loop's longest stall */
  single: { medianMs: number; maxMs: number; loopMaxMs: number; bytes: number };
  lastByte?: { medianMs: number; maxMs: number; firstByteMedianMs: number; times: number[] };
  runs: LoadRun[];
  summary: ConnectionSummary[];
  verdicts: Verdict[];
}

export interface BenchResults {
  date: string;
  engine: Engine;
  orders: number;
  seed: number;
  durationSeconds: number;
  runsPerMeasurement: number;
  machine: Machine;
  /** one-minute load average at the end of each measurement: other work on the machine */
  loadDuringRun: { min: number; median: number; max: number };
  folders: Record<string, number>;
  endpoints: EndpointResult[];
}

export function summarize(
  runs: readonly LoadRun[],
  l2?: readonly ConnectionSummary[],
  l2Beside: readonly LoadRun[] = [],
): ConnectionSummary[] {
  const byConnections = new Map<number, LoadRun[]>();
  for (const run of runs) byConnections.set(run.connections, [...(byConnections.get(run.connections) ?? []), run]);
  return [...byConnections.entries()].map(([connections, list]) => {
    const rps = list.map((r) => r.rps);
    const medianRps = round(median(rps), 0);
    const base = l2?.find((s) => s.connections === connections)?.rps.median;
    const beside = l2Beside.filter((r) => r.connections === connections);
    const shares = beside.length === list.length ? list.map((run, i) => run.rps / (beside[i]?.rps ?? Number.NaN)) : [];
    const shareOfL2 = shares.length ? median(shares) : base ? medianRps / base : undefined;
    return {
      connections,
      rps: { median: medianRps, min: round(Math.min(...rps), 0), max: round(Math.max(...rps), 0) },
      p50: round(median(list.map((r) => r.p50))),
      p99: round(median(list.map((r) => r.p99))),
      ...(shareOfL2 !== undefined && { shareOfL2: round(shareOfL2, 3) }),
      ...(beside.length && { l2Beside: round(median(beside.map((r) => r.rps)), 0) }),
      failures: list.reduce((sum, r) => sum + r.failures, 0),
    };
  });
}

export function singleOf(pass: SequentialPass): EndpointResult['single'] {
  return {
    medianMs: round(median(pass.times)),
    maxMs: round(Math.max(...pass.times)),
    loopMaxMs: pass.loopMaxMs,
    bytes: pass.bytes,
  };
}

export function judge(key: string, engine: Engine, result: Omit<EndpointResult, 'verdicts'>): Verdict[] {
  const at = result.summary.find((s) => s.connections === TARGET_CONNECTIONS);
  const figures: Figures = {
    rps: at?.rps.median,
    shareOfL2: at?.shareOfL2,
    p50: at?.p50,
    p99: at?.p99,
    lastByte: result.lastByte?.medianMs,
  };
  return (TARGETS[key] ?? []).map((target) => {
    const criterion = scaled(target, engine);
    const { measured, met } = check(criterion, figures);
    return { target: describeCriterion(criterion), measured, met };
  });
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits });
const pct = (share: number | undefined) => (share === undefined ? '-' : `${Math.round(share * 100)} %`);

function verdictText(verdicts: readonly Verdict[]): string {
  if (!verdicts.length) return '';
  return verdicts.map((v) => `${v.met ? 'met' : '**missed**'}: ${v.target}`).join('; ');
}

/** Markdown table: one line per endpoint and connection count. */
export function markdownTable(results: BenchResults): string {
  const lines = [
    '| call | conn. | req/s median (spread) | p50 ms | p99 ms | % of L2 | alone ms | loop max ms | target (10 conn.) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const e of results.endpoints) {
    const alone = fmt(e.single.medianMs);
    if (e.lastByte) {
      lines.push(
        `| ${e.label} | 1 | ${fmt(1000 / e.lastByte.medianMs)} | first byte ${fmt(e.lastByte.firstByteMedianMs)} | last byte ${fmt(e.lastByte.medianMs)} (max ${fmt(e.lastByte.maxMs)}) | - | ${alone} | ${fmt(e.single.loopMaxMs)} | ${verdictText(e.verdicts)} |`,
      );
      continue;
    }
    for (const s of e.summary) {
      const spread = `${fmt(s.rps.median, 0)} (${fmt(s.rps.min, 0)}–${fmt(s.rps.max, 0)})`;
      const verdict = s.connections === TARGET_CONNECTIONS ? verdictText(e.verdicts) : '';
      const failures = s.failures ? ` ⚠ ${s.failures} failed` : '';
      lines.push(
        `| ${e.label} | ${s.connections} | ${spread}${failures} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${pct(s.shareOfL2)}${s.l2Beside ? ` (of ${fmt(s.l2Beside, 0)})` : ''} | ${alone} | ${fmt(e.single.loopMaxMs)} | ${verdict} |`,
      );
    }
  }
  return lines.join('\n');
}

export function machineLine(results: BenchResults): string {
  const m = results.machine;
  const load = results.loadDuringRun;
  return [
    `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.database}.`,
    `Load average (1, 5, 15 min) at start ${m.loadAtStart.join(' / ')}; 1-min load during the measurements ${fmt(load.min, 2)}–${fmt(load.max, 2)} (median ${fmt(load.median, 2)}); CPU probe ${m.cpuProbeMs} ms (a fixed loop timed at the start: it grows with the contention for the CPUs).`,
    `PostgreSQL settings: ${Object.entries(m.settings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
  ].join(' ');
}

export function markdownReport(results: BenchResults): string {
  const missed = results.endpoints.flatMap((e) =>
    e.verdicts.filter((v) => !v.met).map((v) => `${e.label}: ${v.target}, measured ${fmt(v.measured, 2)}`),
  );
  const met = results.endpoints.reduce((n, e) => n + e.verdicts.filter((v) => v.met).length, 0);
  const total = results.endpoints.reduce((n, e) => n + e.verdicts.length, 0);
  return [
    `### ${results.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${results.orders.toLocaleString('en-US')} orders (${results.date})`,
    '',
    machineLine(results),
    '',
    `Each figure is the median of ${results.runsPerMeasurement} runs of ${results.durationSeconds} s (autocannon, after a warm-up); the spread is the lowest and highest run. "alone" is one request with nothing else in flight; "loop max" is the longest event-loop stall of the server while answering requests one at a time. Where a target is a share of L2, each run is compared with an L2 run made just before it ("of" gives those L2 runs' median req/s).`,
    '',
    markdownTable(results),
    '',
    `Targets met: ${met} of ${total}.${missed.length ? ` Missed: ${missed.join('; ')}.` : ''}`,
    '',
  ].join('\n');
}

/** The terminal version: same table, padded columns. */
export function printTable(results: BenchResults): void {
  const rows = markdownTable(results)
    .split('\n')
    .filter((line) => !line.startsWith('|---'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/\*\*/g, '')),
    );
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  console.log(`\n${machineLine(results)}`);
}
