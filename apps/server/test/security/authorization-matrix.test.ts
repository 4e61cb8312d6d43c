import { isAllowed, PERMISSIONS, ROUTE_POLICY, type RouteAccess } from '@nzeta/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import {
  apiRouteKeys,
  type CollectedRoute,
  createCollectingApp,
  createFixture,
  createMembers,
  type Fixture,
  INTAKE_KEY,
  isRouteKey,
  METRICS_TOKEN,
  type Member,
  PRINCIPALS,
  type Principal,
  ROUTE_REQUESTS,
  report,
  send,
  tokenFor,
} from './support';

let t: TestApp;
let routes: CollectedRoute[];
let members: Record<Exclude<Principal, 'anonymous'>, Member>;
let fx: Fixture;

beforeAll(async () => {
  // Sign-in and track-order limits are not what this file tests.
  ({ t, routes } = await createCollectingApp({
    LOGIN_IP_LIMIT: '100000',
    TRACK_IP_LIMIT: '100000',
    METRICS_TOKEN,
  }));
  members = await createMembers(t);
  fx = await createFixture(t);
});
afterAll(() => t.close());

const isPermission = (value: unknown): value is keyof typeof PERMISSIONS =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const envelopeOf = (answer: Answer): { status?: unknown; code?: unknown } => {
  try {
    return JSON.parse(answer.body) as { status?: unknown; code?: unknown };
  } catch {
    return {};
  }
};
const statusField = (answer: Answer) => envelopeOf(answer).status;
const codeField = (answer: Answer) => envelopeOf(answer).code;
/** Sign-in's own refusal of the credentials it was sent is a 401 too (DESIGN §4), not a gate. */
const isSignInRefusal = (access: RouteAccess, answer: Answer) =>
  access === 'public' && answer.statusCode === 401 && codeField(answer) === 'INVALID_CREDENTIALS';

/** What is wrong with an answer, or undefined when it is what the table expects. */
function judge(access: RouteAccess, principal: Principal, answer: Answer): string | undefined {
  const { statusCode } = answer;
  if (!String(answer.headers['cache-control']).includes('no-store')) return 'no Cache-Control: no-store';
  if (answer.headers['x-content-type-options'] !== 'nosniff') return 'no X-Content-Type-Options: nosniff';
  if (statusCode >= 500) return `answered ${statusCode}`;
  const allowed = isAllowed(access, principal === 'anonymous' ? null : principal);
  if (isSignInRefusal(access, answer)) return undefined;
  if (allowed) return statusCode === 401 || statusCode === 403 ? `allowed but refused with ${statusCode}` : undefined;
  // A signed link or a provider's webhook has no identity to ask for: a missing or wrong
  // signature is refused as forbidden. The metrics route does not reveal itself to anyone
  // without its token.
  const expected =
    access === 'metrics token'
      ? 404
      : access === 'signed link' || access === 'webhook'
        ? 403
        : access === 'visitor' || access === 'intake' || principal === 'anonymous'
          ? 401
          : 403;
  if (statusCode !== expected) return `expected ${expected}, answered ${statusCode}`;
  const envelope = statusField(answer);
  if (envelope !== (expected === 401 ? 401 : 0)) return `envelope status ${String(envelope)}`;
  return undefined;
}

describe('the route table (packages/domain/src/route-policy.ts)', () => {
  it('names every API route of the running app, and no route that does not exist', () => {
    const keys = apiRouteKeys(routes);
    expect(keys.length).toBeGreaterThan(40);
    expect(
      keys.filter((key) => !isRouteKey(key)),
      'routes missing from ROUTE_POLICY',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_POLICY).filter((key) => !keys.includes(key)),
      'ROUTE_POLICY names routes that do not exist',
    ).toEqual([]);
  });

  it('agrees with the permission each staff route declares', () => {
    const disagreements = routes
      .filter((route) => !route.isWebApp && route.method !== 'HEAD')
      .flatMap((route) => {
        const key = `${route.method} ${route.url}`;
        if (!isRouteKey(key)) return [];
        const access = ROUTE_POLICY[key];
        const declared = route.permission;
        const agrees = isPermission(access) || isPermission(declared) ? declared === access : true;
        return agrees ? [] : [`${key}: table ${access}, route ${String(declared)}`];
      });
    expect(disagreements).toEqual([]);
  });

  it('gives every HEAD route the permission of its GET twin', () => {
    const heads = routes.filter((route) => !route.isWebApp && route.method === 'HEAD');
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) {
      const get = routes.find((route) => route.method === 'GET' && route.url === head.url);
      expect(get, head.url).toBeDefined();
      expect(head.permission, head.url).toBe(get?.permission);
    }
  });

  it('leaves only GET and HEAD to the web app outside /api', () => {
    const others = routes.filter((route) => route.isWebApp && route.method !== 'GET' && route.method !== 'HEAD');
    expect(others).toEqual([]);
  });
});

describe('every route × every principal', () => {
  it('answers 401 to anonymous callers, 403 to the wrong role and lets the right roles in', async () => {
    const keys = apiRouteKeys(routes).filter(isRouteKey);
    const failures: string[] = [];
    let covered = 0;
    const allowedAnswers = new Map<number, number>();
    for (const key of keys) {
      for (const principal of PRINCIPALS) {
        const request = ROUTE_REQUESTS[key](fx);
        const credentials: Record<string, string> =
          principal === 'anonymous' ? {} : { authorization: await tokenFor(t, members[principal]) };
        const answer = await send(t, request, credentials);
        covered += 1;
        const problem = judge(ROUTE_POLICY[key], principal, answer);
        if (isAllowed(ROUTE_POLICY[key], principal === 'anonymous' ? null : principal)) {
          allowedAnswers.set(answer.statusCode, (allowedAnswers.get(answer.statusCode) ?? 0) + 1);
        }
        if (problem) failures.push(`${key} as ${principal}: ${problem} ${answer.body.slice(0, 160)}`);
      }
    }
    const expected = apiRouteKeys(routes).length * PRINCIPALS.length;
    report(
      `routes × principals covered: ${covered}/${expected} (${Math.round((covered / expected) * 100)}%), failures: ${failures.length}`,
    );
    const byStatus = [...allowedAnswers].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
    report(`answers to allowed principals: ${byStatus.join(', ')}`);
    expect(failures).toEqual([]);
    expect(covered).toBe(expected);
  });

  it('opens visitor routes to the visitor token, the file to its signed link and intake to the API key only', async () => {
    const keys = apiRouteKeys(routes).filter(isRouteKey);
    const failures: string[] = [];
    const holders = [
      { name: 'visitor token', access: 'visitor', credentials: { authorization: fx.visitorToken } },
      { name: 'intake key', access: 'intake', credentials: { 'x-api-key': INTAKE_KEY } },
      { name: 'metrics token', access: 'metrics token', credentials: { authorization: `Bearer ${METRICS_TOKEN}` } },
    ] as const;
    let checked = 0;
    for (const holder of holders) {
      for (const key of keys) {
        const access = ROUTE_POLICY[key];
        const answer = await send(t, ROUTE_REQUESTS[key](fx), holder.credentials);
        checked += 1;
        const opens = access === holder.access || access === 'public';
        const refused =
          (answer.statusCode === 401 && !isSignInRefusal(access, answer)) ||
          answer.statusCode === 403 ||
          (access === 'metrics token' && answer.statusCode === 404);
        if (answer.statusCode >= 500) failures.push(`${key} with ${holder.name}: ${answer.statusCode}`);
        else if (opens === refused) failures.push(`${key} with ${holder.name}: ${answer.statusCode} ${answer.body}`);
      }
    }
    const link = await send(t, { method: 'GET', url: fx.signedLink });
    checked += 1;
    expect(link.statusCode).toBe(200);
    expect(link.headers['content-disposition']).toMatch(/^attachment;/);
    report(`credential holders × routes checked: ${checked}, failures: ${failures.length}`);
    expect(failures).toEqual([]);
  });
});
