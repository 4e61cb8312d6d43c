import { contracts } from '@nzeta/domain';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { answerSerializerCompiler } from '../../src/lib/answer-serializer';
import { contractSchema } from '../../src/lib/contract-schema';
import { registerErrorHandler } from '../../src/plugins/error-handler';

/**
 * The contract holds on the server, not only in the browser: a handler whose answer lacks a
 * field the contract requires fails the request, and a field the contract does not list never
 * leaves the server. The app's own compilers and error handler, on a route of its own: as in
 * production (the compiled serializer alone) and as in tests (checked by zod as well).
 */
async function appAnswering(answer: unknown, checkWithZod: boolean) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkWithZod }));
  registerErrorHandler(app);
  const { teamMemberInfo } = contracts.account;
  app
    .withTypeProvider<ZodTypeProvider>()
    // biome-ignore lint/suspicious/noExplicitAny: the test hands the route answers the types forbid
    .get(teamMemberInfo.path, { schema: contractSchema(teamMemberInfo, ['team']) }, async () => answer as any);
  await app.ready();
  return app;
}

const member = {
  id: 7,
  name: 'Ann',
  email: 'ann@example.com',
  password: '••••••••',
  type: 'Manager',
  memberRole: 'Manager',
  createdAt: '2026-11-26T10:00:00.000Z',
  lockedUntil: null,
  mfaEnabled: false,
};

describe.each([
  { mode: 'production', checkWithZod: false },
  { mode: 'test', checkWithZod: true },
])('an answer against its contract ($mode)', ({ checkWithZod }) => {
  it('is sent when it has every field', async () => {
    const app = await appAnswering({ status: 1, message: 'OK', data: member }, checkWithZod);
    const response = await app.inject({ method: 'GET', url: '/admin/team-member-info/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(member);
    await app.close();
  });

  it('fails the request when a required field is missing', async () => {
    const { memberRole: _dropped, ...incomplete } = member;
    const app = await appAnswering({ status: 1, message: 'OK', data: incomplete }, checkWithZod);
    const response = await app.inject({ method: 'GET', url: '/admin/team-member-info/7' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 0,
      message: 'Something went wrong. Please try again.',
      code: 'INTERNAL_ERROR',
    });
    await app.close();
  });

  it('drops a field the contract does not list (a new column never leaks)', async () => {
    const app = await appAnswering(
      { status: 1, message: 'OK', data: { ...member, passwordHash: '$argon2id$…' } },
      checkWithZod,
    );
    const response = await app.inject({ method: 'GET', url: '/admin/team-member-info/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).not.toHaveProperty('passwordHash');
    await app.close();
  });

  it('sends no top-level field beyond the contract’s envelope', async () => {
    const app = await appAnswering({ status: 1, message: 'OK', data: member, jwtToken: 'x' }, checkWithZod);
    const response = await app.inject({ method: 'GET', url: '/admin/team-member-info/7' });
    expect(Object.keys(response.json())).toEqual(['status', 'message', 'data']);
    await app.close();
  });
});
