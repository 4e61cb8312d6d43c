import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { type LoopDelay, PROBE_PATH } from './server/event-loop-probe';
import { IN_FLIGHT_PATH } from './server/in-flight-probe';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** the client's address as a proxy in front of the app would name it (X-Forwarded-For) */
  forwardedFor?: string;
}

/** Hands out the next request: endpoints rotate over sampled orders or terms. */
export type RequestSource = () => RequestSpec;

export function rotate<T>(items: readonly T[], build: (item: T) => RequestSpec): RequestSource {
  if (!items.length) throw new Error('nothing to rotate over');
  let next = 0;
  return () => build(items[next++ % items.length] as T);
}

function headersOf(spec: RequestSpec): Record<string, string> {
  const headers: Record<string, string> = {};
  if (spec.token) headers.authorization = spec.token;
  if (spec.forwardedFor) headers['x-forwarded-for'] = spec.forwardedFor;
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

export interface LoadRun {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** answers that were not 2xx, and connection errors or timeouts */
  failures: number;
  /** one-minute load average of the machine when the run ended */
  load: number;
}

/** Keeps `connections` requests in flight for `seconds` and reads the latency distribution. */
export async function runLoad(baseUrl: string, source: RequestSource, connections: number, seconds: number) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => {
          const spec = source();
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            headers: headersOf(spec),
            ...(spec.body !== undefined && { body: JSON.stringify(spec.body) }),
          };
        },
      },
    ],
  });
  const run: LoadRun = {
    connections,
    rps: round(result.requests.total / seconds),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    max: round(result.latency.max),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    load: round(loadavg()[0] ?? 0),
  };
  return run;
}

export interface Timed {
  status: number;
  bytes: number;
  /** time to the first byte of the answer (headers), ms */
  firstByte: number;
  /** time to the last byte of the answer, ms */
  lastByte: number;
}

/** One request, timed to its first and last byte. */
export async function timeRequest(baseUrl: string, spec: RequestSpec): Promise<Timed & { body: Buffer }> {
  const started = performance.now();
  const response = await fetch(baseUrl + spec.path, {
    method: spec.method,
    headers: headersOf(spec),
    ...(spec.body !== undefined && { body: JSON.stringify(spec.body) }),
  });
  const firstByte = performance.now() - started;
  const body = Buffer.from(await response.arrayBuffer());
  const lastByte = performance.now() - started;
  return { status: response.status, bytes: body.length, firstByte: round(firstByte), lastByte: round(lastByte), body };
}

export async function readLoopDelay(baseUrl: string): Promise<LoopDelay> {
  const response = await fetch(baseUrl + PROBE_PATH);
  if (!response.ok) throw new Error(`event-loop probe answered ${response.status}`);
  return (await response.json()) as LoopDelay;
}

/**
 * Waits until the server has answered every request it was given, then until its database
 * answers a health check promptly again (requests whose client left may still have queries
 * queued). Gives up quietly after two minutes: a busy machine must not stop the benchmark.
 */
export async function waitUntilIdle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
  while (Date.now() < deadline) {
    const { inFlight } = (await (await fetch(baseUrl + IN_FLIGHT_PATH)).json()) as { inFlight: number };
    if (inFlight <= 0) break;
    await pause();
  }
  let prompt = 0;
  while (Date.now() < deadline && prompt < 2) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    prompt = performance.now() - started < 50 ? prompt + 1 : 0;
    await pause();
  }
}

export interface SequentialPass {
  /** last-byte times of each request, ms */
  times: number[];
  firstByte: number[];
  bytes: number;
  /** longest event-loop stall of the server while it answered them, ms */
  loopMaxMs: number;
}

/** One measured exchange: a single request, or a chain of them read as one (a cursor walk). */
export type Exchange = (baseUrl: string) => Promise<Timed>;

export function single(source: RequestSource): Exchange {
  return async (baseUrl) => {
    const spec = source();
    const timed = await timeRequest(baseUrl, spec);
    if (timed.status < 200 || timed.status >= 300) {
      throw new Error(`${spec.method} ${spec.path} answered ${timed.status}: ${timed.body.toString('utf8', 0, 300)}`);
    }
    return timed;
  };
}

/**
 * A whole folder the way the console reads 'All': pages of `chunk` rows following the keyset
 * cursor until the end. Timed from the first request to the last byte of the last page.
 */
export function cursorWalk(source: RequestSource, chunk: number): Exchange {
  return async (baseUrl) => {
    const spec = source();
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    let cursor: string | null = null;
    let lastByteAt = started;
    do {
      const path = `${spec.path}?perPage=${chunk}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : '&page=1'}`;
      const timed = await timeRequest(baseUrl, { ...spec, path });
      lastByteAt = performance.now();
      if (timed.status !== 200) throw new Error(`${path} answered ${timed.status}`);
      if (!firstByte) firstByte = timed.firstByte;
      bytes += timed.bytes;
      // Parsing a page to find the next cursor counts between pages (the client must, before it
      // asks again), but not after the last one: that is the browser's work, which the front-end
      // benchmark measures, and would add ~70 ms to the server's last byte for 12 MB.
      cursor = (JSON.parse(timed.body.toString('utf8')) as { nextCursor?: string | null }).nextCursor ?? null;
    } while (cursor);
    return { status: 200, bytes, firstByte, lastByte: round(lastByteAt - started) };
  };
}

/** Exchanges one after another, nothing else in flight: what one costs on its own. */
export async function runSequential(baseUrl: string, exchange: Exchange, count: number): Promise<SequentialPass> {
  await readLoopDelay(baseUrl);
  const times: number[] = [];
  const firstByte: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const timed = await exchange(baseUrl);
    times.push(timed.lastByte);
    firstByte.push(timed.firstByte);
    bytes = timed.bytes;
  }
  const { maxMs } = await readLoopDelay(baseUrl);
  return { times, firstByte, bytes, loopMaxMs: maxMs };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
