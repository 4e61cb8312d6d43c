import { ROUTE_POLICY, type RouteKey } from '@nzeta/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import type { TestApp } from '../test-app';
import {
  createCollectingApp,
  createFixture,
  createMembers,
  type Fixture,
  INTAKE_KEY,
  type Member,
  ROUTE_REQUESTS,
  type RouteRequest,
  report,
  send,
  tokenFor,
} from './support';

/** ~1,500 requests by default; SECURITY_LONG=1 runs the 10,000 of the security issue. */
const RUNS = process.env.SECURITY_LONG === '1' ? 10_000 : 1_500;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

/**
 * What an answer must never show: stack frames, module paths, SQL or database errors. The SQL
 * patterns apply to error answers only: a list may show text that earlier requests stored.
 */
const LEAKS: Array<[string, RegExp, 'any' | 'errors']> = [
  ['stack frame', /\bat [\w$.<>[\] ]+ \(?[^\s()]+:\d+:\d+\)?/, 'any'],
  ['node_modules', /node_modules/, 'any'],
  ['SQL', /\bselect\b[\s\S]{0,200}\bfrom\b|\binsert into\b|\bupdate\s+"?\w+"?\s+set\b/i, 'errors'],
  ['syntax error', /syntax error/i, 'errors'],
  ['constraint', /violates|duplicate key/i, 'errors'],
  ['relation or column', /(relation|column) "[^"]+"/i, 'errors'],
  ['driver', /\bdrizzle\b|pg-protocol|PGlite error|ECONNREFUSED/i, 'any'],
];
/** Inputs never contain the leak patterns themselves, so a hit cannot be an echo of the input. */
const isClean = (text: string) => !LEAKS.some(([, pattern]) => pattern.test(text));

const SPECIAL = [
  "' OR '1'='1",
  '1; DROP TABLE orders --',
  "' UNION ALL SELECT NULL, NULL --",
  '%',
  '_',
  '\\',
  '\\x00',
  '\u0000',
  '\u202e\u200b',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  'a@example.com\r\nBcc: x@attacker.example',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '99999999999999999999999',
  '-2147483649',
  '2147483648',
  '0x7fffffff',
  ' ',
  '',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  '🇳🇿'.repeat(20),
  'Ω≈ç√∫˜µ≤≥÷',
  'ЁЂЃЄЅІЇЈЉЊЋЌЍЎЏ',
];

const text = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 1, arbitrary: fc.string({ minLength: 500, maxLength: 5_000 }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  )
  .filter(isClean);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e308, -1, 0, 1.5, 2_147_483_648),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).filter((v) => isClean(JSON.stringify(v) ?? '')) },
);

type FieldMove = { kind: 'drop' } | { kind: 'set'; value: unknown };
const fieldMove: fc.Arbitrary<FieldMove> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 6, arbitrary: value.map((v) => ({ kind: 'set' as const, value: v })) },
);
/** One to three fields of the valid request changed: the rest stays valid, so the change gets deep. */
const changes = fc.array(fc.record({ field: fc.nat({ max: 15 }), move: fieldMove }), { minLength: 1, maxLength: 3 });
type Change = { field: number; move: FieldMove };

interface Fuzzed {
  key: RouteKey;
  changes: Change[];
  extra: Record<string, unknown>;
  /** replaces the whole body */
  wholeBody: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
  params: Array<string | null>;
  file: { kind: 'keep' } | { kind: 'none' } | { kind: 'bytes'; bytes: Uint8Array };
  remoteAddress: string;
}

const ROUTE_KEYS = Object.keys(ROUTE_POLICY) as RouteKey[];

const fuzzed: fc.Arbitrary<Fuzzed> = fc.record({
  key: fc.constantFrom(...ROUTE_KEYS),
  changes,
  extra: fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(text, value, { maxKeys: 2 }) },
  ),
  wholeBody: fc.oneof(
    { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: value.map((v) => ({ kind: 'json' as const, value: v })) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(text, fc.constantFrom('{', '{"a":', '[1,2', '"', '{"orderId":1}x', '\u0000')),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
        ),
      }),
    },
  ),
  params: fc.array(fc.option(text.map(encodeURIComponent), { nil: null }), { minLength: 3, maxLength: 3 }),
  file: fc.oneof(
    fc.constant({ kind: 'keep' as const }),
    fc.constant({ kind: 'none' as const }),
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ kind: 'bytes' as const, bytes })),
  ),
  remoteAddress: fc.ipV4(),
});

let t: TestApp;
let admin: Member;
let fx: Fixture;
beforeAll(async () => {
  ({ t } = await createCollectingApp({ LOGIN_IP_LIMIT: '1000000', TRACK_IP_LIMIT: '1000000' }));
  admin = (await createMembers(t, 'Fuzz')).Admin;
  fx = await createFixture(t);
});
afterAll(() => t.close());

function applyChanges(base: Record<string, unknown>, list: Change[], extra: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  const names = Object.keys(base);
  for (const { field, move } of list) {
    const name = names.length ? names[field % names.length] : undefined;
    if (name === undefined) continue;
    if (move.kind === 'drop') delete out[name];
    else out[name] = move.value;
  }
  return { ...out, ...extra };
}

/** The route's valid request, bent by the generated moves. */
function buildRequest(f: Fuzzed): RouteRequest {
  const base = ROUTE_REQUESTS[f.key](fx);
  const [path = '', query = ''] = base.url.split('?');
  const pattern = f.key.slice(f.key.indexOf(' ') + 1).split('/');
  let paramIndex = 0;
  const segments = path.split('/').map((segment, i) => {
    if (!pattern[i]?.startsWith(':')) return segment;
    const replacement = f.params[paramIndex++];
    return replacement === null || replacement === undefined || replacement === '' ? segment : replacement;
  });
  const params = new URLSearchParams(query);
  const bentQuery = applyChanges(Object.fromEntries(params), f.changes, f.extra);
  const search = new URLSearchParams();
  for (const [name, v] of Object.entries(bentQuery))
    search.append(name, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const url = `${segments.join('/')}${search.size ? `?${search}` : ''}`;

  if (f.key === 'POST /api/admin/upload-visa-document') {
    const fields = applyChanges(
      { orderId: String(fx.uploadOrderId), email: 'applicant@example.com', mailServiceProvider: 'AWS' },
      f.changes,
      f.extra,
    );
    const asText = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [
        k.replace(/["\r\n]/g, '') || 'x',
        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
      ]),
    );
    const content = f.file.kind === 'keep' ? fx.png : f.file.kind === 'bytes' ? Buffer.from(f.file.bytes) : undefined;
    const form = multipart(
      asText,
      content ? { field: 'uploadVisaDoc', filename: 'f.png', contentType: 'image/png', content } : undefined,
    );
    return { method: 'POST', url, payload: form.payload, headers: form.headers };
  }
  if (f.wholeBody.kind === 'raw' && base.method !== 'GET') {
    return { ...base, url, payload: f.wholeBody.text, headers: { 'content-type': f.wholeBody.contentType } };
  }
  if (f.wholeBody.kind === 'json' && base.method !== 'GET') {
    return {
      ...base,
      url,
      payload: JSON.stringify(f.wholeBody.value) ?? 'null',
      headers: { 'content-type': 'application/json' },
    };
  }
  const body =
    base.payload && typeof base.payload === 'object' && !Buffer.isBuffer(base.payload)
      ? applyChanges(base.payload as Record<string, unknown>, f.changes, f.extra)
      : base.payload;
  return { ...base, url, ...(body !== undefined ? { payload: body as RouteRequest['payload'] } : {}) };
}

describe('fuzzing every route from the route table', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, a stack trace or SQL`,
    async () => {
      const samples = fc.sample(fuzzed, { numRuns: RUNS, seed: SEED });
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      for (const sample of samples) {
        const request = buildRequest(sample);
        const access = ROUTE_POLICY[sample.key];
        const credentials: Record<string, string> =
          access === 'visitor'
            ? { authorization: fx.visitorToken }
            : access === 'intake'
              ? { 'x-api-key': INTAKE_KEY }
              : { authorization: await tokenFor(t, admin) };
        let answer: { statusCode: number; body: string };
        try {
          answer = await send(t, { ...request, remoteAddress: sample.remoteAddress }, credentials);
        } catch (error) {
          failures.push(`${sample.key}: threw ${(error as Error).message}`);
          continue;
        }
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const leak = LEAKS.find(
          ([, pattern, where]) => (where === 'any' || answer.statusCode >= 400) && pattern.test(answer.body),
        );
        if (answer.statusCode >= 500 || leak) {
          failures.push(
            `${sample.key} → ${answer.statusCode}${leak ? ` (${leak[0]})` : ''}: ${JSON.stringify(request.payload ?? null).slice(0, 300)} ${request.url.slice(0, 200)} ⇒ ${answer.body.slice(0, 200)}`,
          );
        }
      }
      const fiveXx = [...statuses].filter(([code]) => code >= 500).reduce((n, [, count]) => n + count, 0);
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
      report(
        `fuzz seed ${SEED}: ${samples.length} requests over ${ROUTE_KEYS.length} routes, ${fiveXx} answered 5xx, ${failures.length} failures (${byStatus.join(', ')})`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(samples).toHaveLength(RUNS);
    },
    RUNS * 200 + 60_000,
  );
});

/** Requests of the three shapes the route-table fuzzing bends least: multipart bodies, list cursors, intake. */
const TARGETED_RUNS = Math.round(RUNS / 3);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');
const cursorValue: fc.Arbitrary<string> = fc.oneof(
  text.map(encodeURIComponent),
  fc.tuple(value, value).map((pair) => b64(pair)),
  fc
    .tuple(
      fc.date({ min: new Date(-62e12), max: new Date(9e12), noInvalidDate: true }).map((d) => d.toISOString()),
      fc.oneof(fc.integer(), fc.constantFrom(2 ** 53, -1, 0)),
    )
    .map((pair) => b64(pair)),
  value.map((v) => b64(v)),
);

type MultipartMove =
  | { kind: 'cut'; at: number }
  | { kind: 'fields'; count: number }
  | { kind: 'boundary'; value: string }
  | { kind: 'files'; count: number }
  | { kind: 'garbage'; bytes: Uint8Array };
const multipartMove: fc.Arbitrary<MultipartMove> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x) }),
  fc.record({ kind: fc.constant('fields' as const), count: fc.integer({ min: 0, max: 60 }) }),
  fc.record({ kind: fc.constant('boundary' as const), value: fc.oneof(text, fc.constant('')) }),
  fc.record({ kind: fc.constant('files' as const), count: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('garbage' as const), bytes: fc.uint8Array({ maxLength: 3_000 }) }),
);

function bentMultipart(move: MultipartMove): { payload: Buffer; headers: Record<string, string> } {
  const fields: Record<string, string> = {
    orderId: String(fx.uploadOrderId),
    email: 'applicant@example.com',
    mailServiceProvider: 'AWS',
  };
  if (move.kind === 'fields') for (let i = 0; i < move.count; i++) fields[`extra${i}`] = 'x';
  const file = { field: 'uploadVisaDoc', filename: 'f.png', contentType: 'image/png', content: fx.png };
  const form = multipart(fields, move.kind === 'files' && move.count === 0 ? undefined : file);
  if (move.kind === 'cut')
    return { ...form, payload: form.payload.subarray(0, Math.floor(form.payload.length * move.at)) };
  if (move.kind === 'boundary') {
    return {
      ...form,
      headers: { 'content-type': `multipart/form-data; boundary=${move.value.replace(/[\r\n]/g, '')}` },
    };
  }
  if (move.kind === 'garbage') return { ...form, payload: Buffer.from(move.bytes) };
  if (move.kind === 'files' && move.count > 1) {
    const end = form.payload.lastIndexOf('--', form.payload.length - 5);
    const boundary = form.headers['content-type'].split('boundary=')[1];
    const extra = Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="uploadVisaDoc"; filename="g.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const copies = Array.from({ length: move.count - 1 }, () => Buffer.concat([extra, fx.png]));
    return {
      ...form,
      payload: Buffer.concat([form.payload.subarray(0, end - 2), ...copies, form.payload.subarray(end - 2)]),
    };
  }
  return form;
}

describe('fuzzing multipart bodies, list cursors and intake', () => {
  it(
    `answers ${TARGETED_RUNS * 3} generated requests without a 5xx`,
    async () => {
      const token = await tokenFor(t, admin);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const check = (label: string, answer: { statusCode: number; body: string }) => {
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const leak = LEAKS.find(
          ([, pattern, where]) => (where === 'any' || answer.statusCode >= 400) && pattern.test(answer.body),
        );
        if (answer.statusCode >= 500 || leak)
          failures.push(`${label} → ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      };
      for (const move of fc.sample(multipartMove, { numRuns: TARGETED_RUNS, seed: SEED })) {
        const form = bentMultipart(move);
        const answer = await t.call({ method: 'POST', url: '/api/admin/upload-visa-document', token, ...form });
        check(`multipart ${move.kind}`, answer);
      }
      const folders = ['newOrder', 'completedOrder', 'futureOrder', 'processingDate'];
      for (const [cursor, folder] of fc.sample(fc.tuple(cursorValue, fc.constantFrom(...folders)), {
        numRuns: TARGETED_RUNS,
        seed: SEED,
      })) {
        const url = `/api/admin/get-orders-list/${folder}?cursor=${cursor}`;
        check(`cursor ${cursor.slice(0, 60)}`, await t.call({ method: 'GET', url, token }));
      }
      const intake = ROUTE_REQUESTS['POST /api/intake/orders'];
      const intakeBody = fc.record({
        changes: fc.array(fc.record({ field: fc.nat({ max: 60 }), move: fieldMove }), { minLength: 1, maxLength: 6 }),
        extra: fc.dictionary(text, value, { maxKeys: 2 }),
      });
      for (const sample of fc.sample(intakeBody, { numRuns: TARGETED_RUNS, seed: SEED })) {
        const base = intake(fx).payload as Record<string, unknown>;
        const payload = applyChanges(base, sample.changes, sample.extra);
        const answer = await t.call({
          method: 'POST',
          url: '/api/intake/orders',
          payload,
          headers: { 'x-api-key': INTAKE_KEY },
        });
        check(`intake ${JSON.stringify(payload).slice(0, 120)}`, answer);
      }
      const fiveXx = [...statuses].filter(([code]) => code >= 500).reduce((n, [, count]) => n + count, 0);
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
      report(
        `targeted fuzz seed ${SEED}: ${TARGETED_RUNS * 3} requests, ${fiveXx} answered 5xx (${byStatus.join(', ')})`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
    },
    TARGETED_RUNS * 3 * 200 + 60_000,
  );
});
