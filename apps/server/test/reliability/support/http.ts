import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface HttpOutcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: Buffer;
  /** the network error code (ECONNREFUSED, ECONNRESET, timeout…) when there was no answer */
  error?: string;
  ms: number;
}

export interface HttpCall {
  method?: string;
  path: string;
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
  agent?: Agent | false;
  timeoutMs?: number;
}

/** One HTTP call with node:http, so tests choose the connection (agent) it goes over. */
export function httpCall(baseUrl: string, call: HttpCall): Promise<HttpOutcome> {
  const started = performance.now();
  const payload = call.json === undefined ? undefined : Buffer.from(JSON.stringify(call.json));
  return new Promise((resolve) => {
    const done = (outcome: Omit<HttpOutcome, 'ms'>) => resolve({ ...outcome, ms: performance.now() - started });
    const req = request(`${baseUrl}${call.path}`, {
      method: call.method ?? (payload ? 'POST' : 'GET'),
      agent: call.agent,
      timeout: call.timeoutMs ?? 30_000,
      headers: {
        ...(call.token ? { authorization: call.token } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        ...call.headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => done({ status: res.statusCode, error: error.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(payload);
  });
}

export function jsonOf<T = { status: number; message: string; data?: unknown }>(outcome: HttpOutcome): T {
  return JSON.parse(outcome.body?.toString('utf8') ?? 'null') as T;
}
