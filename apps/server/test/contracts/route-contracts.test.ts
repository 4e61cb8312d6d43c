import { contracts } from '@nzeta/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteKeys, type CollectedRoute, createCollectingApp } from '../security/support';
import type { TestApp } from '../test-app';

/**
 * Routes that answer no JSON of their own, each with why. Their contract names a content type
 * (`produces`) and the response schema describes a binary body, so they need no exception in the
 * walk below: the list is for routes whose success answer the schema cannot check at all.
 */
const STREAMED_ROUTES: Record<string, string> = {
  // Server-sent events: the handler hijacks the reply and writes the stream itself.
  'GET /api/admin/events': 'text/event-stream, written past Fastify',
};

const { CONTRACTS } = contracts;
let t: TestApp;
let routes: CollectedRoute[];

beforeAll(async () => {
  ({ t, routes } = await createCollectingApp());
});
afterAll(async () => t.close());

const responseOf = (route: CollectedRoute) =>
  (route.schema as { response?: Record<string, unknown> } | undefined)?.response;

describe('every route answers through a contract', () => {
  it('declares a success and an error response schema on every API route', () => {
    const missing = routes
      .filter((r) => !r.isWebApp && r.method !== 'HEAD')
      .filter((r) => {
        const response = responseOf(r);
        return !response?.[200] || !response['4xx'];
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('has a contract for every route and a route for every contract (but the docs)', () => {
    const served = apiRouteKeys(routes).filter((key) => key !== 'GET /api/docs');
    expect(served.filter((key) => !CONTRACTS[key])).toEqual([]);
    expect(Object.keys(CONTRACTS).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('registers the contract’s own answer schema, and a binary body where it names a content type', () => {
    for (const route of routes.filter((r) => !r.isWebApp && r.method !== 'HEAD')) {
      const key = `${route.method} ${route.url}`;
      const contract = CONTRACTS[key];
      if (!contract) continue;
      if (contract.answer) expect(responseOf(route)?.[200], key).toBe(contract.answer);
      else expect(contract.produces, key).toBeTruthy();
    }
    for (const key of Object.keys(STREAMED_ROUTES)) expect(CONTRACTS[key]?.answer).toBeNull();
  });
});

describe('/api/docs', () => {
  it('describes the answers of the routes from the same contracts', async () => {
    const member = await t.signInAs('Admin');
    const docs = (await t.call({ method: 'GET', url: '/api/docs', token: member.token })).json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    }>();
    const teamMember = docs.paths['/api/admin/team-member-info/{id}']?.get?.responses['200'];
    const schema = teamMember?.content?.['application/json']?.schema as {
      properties: { data: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(Object.keys(schema.properties.data.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'type', 'memberRole', 'lockedUntil', 'mfaEnabled']),
    );
    expect(schema.properties.data.required).toContain('memberRole');
    // Files name their content type; errors share one schema with status, message and code.
    const pdf = docs.paths['/api/admin/orders/{orderId}/dispute/evidence.pdf']?.get?.responses['200'];
    expect(Object.keys(pdf?.content ?? {})).toEqual(['application/pdf']);
    const refused = docs.paths['/api/admin/get-team-member-list']?.get?.responses['4XX'];
    expect(Object.keys(refused?.content?.['application/json']?.schema as object)).toContain('properties');
  });
});
