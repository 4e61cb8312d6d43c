/** What the clients saw, counted over the whole run. */
export class Tally {
  requests = 0;
  /** idempotent reads sent again after a failed attempt */
  retries = 0;
  failures: string[] = [];
  /** console checks whose counts were not those of the database within the limit */
  lateConsoles: string[] = [];
  byRoute = new Map<string, number>();
  count(route: string) {
    this.requests++;
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
  }
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** a name for the figures (the route without ids) */
  route: string;
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** statuses that count as success (default 200) */
  ok?: number[];
  /** a different base address (one instance directly) */
  baseUrl?: string;
}

export interface Answer {
  status: number;
  /** which instance answered, when the balancer says so */
  upstream?: string;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field by the workload
  json(): any;
}

const READ_ATTEMPTS = 3;

/**
 * One request through the balancer. A GET that fails (no answer, or 5xx) is tried again and the
 * retry counted; a POST or PUT is sent once, and a failure is a failure.
 */
export async function send(tally: Tally, baseUrl: string, call: Call): Promise<Answer | undefined> {
  const attempts = call.method === 'GET' ? READ_ATTEMPTS : 1;
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) tally.retries++;
    tally.count(call.route);
    try {
      const response = await fetch(`${call.baseUrl ?? baseUrl}${call.path}`, {
        method: call.method,
        headers: {
          ...(call.token ? { authorization: call.token } : {}),
          ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
        body: call.json !== undefined ? JSON.stringify(call.json) : call.body,
        signal: AbortSignal.timeout(30_000),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if ((call.ok ?? [200]).includes(response.status)) {
        return {
          status: response.status,
          upstream: response.headers.get('x-upstream') ?? undefined,
          body,
          json: () => JSON.parse(body.toString('utf8')),
        };
      }
      // Retry-After tells a shed request's reason: 5 s an event loop late by over 2 s, 2 s the
      // in-flight cap; the answering instance comes from the balancer.
      const why = ['retry-after', 'x-upstream'].map((name) => `${name}: ${response.headers.get(name) ?? '-'}`);
      problem = `${call.method} ${call.path}: ${response.status} ${body.toString('utf8').slice(0, 200)} (${why.join(', ')})`;
      if (response.status < 500) break;
    } catch (error) {
      problem = `${call.method} ${call.path}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`;
    }
  }
  tally.failures.push(problem);
  return undefined;
}
