import { ROLES, type Role } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertStaff } from '../../db/factories';
import { auditLog, staff } from '../../db/schema';
import { MASKED_PASSWORD } from './team-member-shape';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const MANAGERS: Role[] = ['Admin', 'Manager'];
const OTHERS: Role[] = ['Team', 'Telecaller', 'Night Staff'];

const newMember = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mere Parata',
  email: `mere.${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: 'kowhai-2024',
  type: 'Team',
  ...overrides,
});

const signInWith = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });

const userInfo = (token: string) => t.call({ method: 'GET', url: '/api/user_info', token });

describe('permissions of every team route', () => {
  const routes = (memberId: number) => [
    { method: 'GET' as const, url: '/api/admin/get-team-member-list' },
    { method: 'GET' as const, url: '/api/admin/get-team-member-type' },
    { method: 'GET' as const, url: `/api/admin/team-member-info/${memberId}` },
    { method: 'POST' as const, url: '/api/admin/add-team-member', payload: newMember() },
    {
      method: 'POST' as const,
      url: '/api/admin/update-team-member',
      payload: { ...newMember(), password: '', tmId: memberId },
    },
    { method: 'PUT' as const, url: '/api/admin/delete-team-member', payload: { teamMemberId: memberId } },
  ];

  it.each(MANAGERS)('%s may call each of them', async (role) => {
    const { token } = await t.signInAs(role);
    for (const route of routes((await insertStaff(t.database.db, { type: 'Team' })).id)) {
      const response = await t.call({ ...route, token });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
      expect(response.json().status).toBe(1);
    }
  });

  it.each(OTHERS)('%s is refused with 403', async (role) => {
    const { token } = await t.signInAs(role);
    const member = await insertStaff(t.database.db, { type: 'Team' });
    for (const route of routes(member.id)) {
      const response = await t.call({ ...route, token });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ status: 0, message: expect.any(String), code: 'FORBIDDEN_ROLE' });
    }
    const [after] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(after?.deletedAt).toBeNull();
  });

  it('anonymous callers get 401', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    for (const route of routes(member.id)) {
      const response = await t.call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().status).toBe(401);
    }
  });
});

describe('GET /api/admin/get-team-member-list', () => {
  it('lists members with a masked password and never a hash', async () => {
    const { token } = await t.signInAs('Admin');
    const member = await insertStaff(t.database.db, { type: 'Telecaller', password: 'secret-telecaller' });
    const response = await t.call({ method: 'GET', url: '/api/admin/get-team-member-list', token });
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(2);
    expect(body.data).toContainEqual({
      id: member.id,
      name: member.name,
      email: member.email,
      password: MASKED_PASSWORD,
      type: 'Telecaller',
      memberRole: 'Telecaller',
      createdAt: expect.any(String),
      claimedOrders: 0,
      lockedUntil: null,
      mfaEnabled: false,
    });
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain('secret-telecaller');
  });

  it('leaves deleted members out', async () => {
    const { token } = await t.signInAs('Admin');
    const gone = await insertStaff(t.database.db, { type: 'Team' });
    await t.database.db.update(staff).set({ deletedAt: new Date().toISOString() }).where(eq(staff.id, gone.id));
    const body = (await t.call({ method: 'GET', url: '/api/admin/get-team-member-list', token })).json();
    expect(body.data.map((m: { id: number }) => m.id)).not.toContain(gone.id);
  });
});

describe('GET /api/admin/get-team-member-type', () => {
  it('answers the five member types', async () => {
    const { token } = await t.signInAs('Manager');
    const body = (await t.call({ method: 'GET', url: '/api/admin/get-team-member-type', token })).json();
    expect(body).toMatchObject({ status: 1, data: [...ROLES] });
  });
});

describe('GET /api/admin/team-member-info/:id', () => {
  it('answers the member without any password', async () => {
    const { token } = await t.signInAs('Admin');
    const member = await insertStaff(t.database.db, { type: 'Night Staff', password: 'night-owl-99' });
    const response = await t.call({ method: 'GET', url: `/api/admin/team-member-info/${member.id}`, token });
    expect(response.json().data).toMatchObject({
      id: member.id,
      name: member.name,
      email: member.email,
      type: 'Night Staff',
    });
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain('night-owl-99');
  });

  it.each(['999999', 'abc', '99999999999'])('answers 4xx for id %s', async (id) => {
    const { token } = await t.signInAs('Admin');
    const response = await t.call({ method: 'GET', url: `/api/admin/team-member-info/${id}`, token });
    expect([400, 404]).toContain(response.statusCode);
    // An id that is no id is refused by the schema, one that names nobody by the lookup.
    const code = response.statusCode === 404 ? 'MEMBER_NOT_FOUND' : 'VALIDATION_FAILED';
    expect(response.json()).toEqual({ status: 0, message: 'Team member not found.', code });
  });
});

describe('POST /api/admin/add-team-member', () => {
  it('adds a member who can then sign in; the answer holds no password', async () => {
    const { token } = await t.signInAs('Admin');
    const input = newMember({ type: 'Telecaller' });
    const response = await t.call({ method: 'POST', url: '/api/admin/add-team-member', payload: input, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, message: 'Team member added successfully.' });
    expect(response.body).not.toContain(input.password);
    const signIn = await signInWith(input.email, input.password);
    expect(signIn.json()).toMatchObject({ status: 1, data: { user: { name: input.name, type: 'Telecaller' } } });
    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, input.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['no name', { name: undefined }, 'Please enter your name.'],
    ['a blank name', { name: '   ' }, 'Please enter your name.'],
    ['no email', { email: undefined }, 'Please enter your email.'],
    ['an invalid email', { email: 'not-an-address' }, 'Please enter your email.'],
    ['no password', { password: undefined }, 'Please enter your password.'],
    ['an empty password', { password: '' }, 'Please enter your password.'],
    ['no type', { type: undefined }, 'Please select type.'],
    ['an empty type', { type: '' }, 'Please select type.'],
    ['an unknown type', { type: 'Owner' }, 'Please select type.'],
  ])('refuses %s with the form message', async (_label, change, message) => {
    const { token } = await t.signInAs('Admin');
    const payload = { ...newMember(), ...change };
    const response = await t.call({ method: 'POST', url: '/api/admin/add-team-member', payload, token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    const { token } = await t.signInAs('Admin');
    const existing = await insertStaff(t.database.db, { type: 'Team', email: 'kiri@example.com' });
    const payload = newMember({ email: 'KIRI@Example.com' });
    const response = await t.call({ method: 'POST', url: '/api/admin/add-team-member', payload, token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 0,
      message: 'A team member with this email already exists.',
      code: 'EMAIL_TAKEN',
    });
    // Once that member is deleted the address is free again.
    await t.call({
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      payload: { teamMemberId: existing.id },
      token,
    });
    const again = await t.call({ method: 'POST', url: '/api/admin/add-team-member', payload, token });
    expect(again.json()).toMatchObject({ status: 1 });
  });

  it('lets a Manager add anyone but an Admin', async () => {
    const { token } = await t.signInAs('Manager');
    const admin = await t.call({
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: newMember({ type: 'Admin' }),
      token,
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({
      status: 0,
      message: 'Only an Admin can add, edit or delete an Admin.',
      code: 'FORBIDDEN_ROLE',
    });
    for (const type of ['Manager', 'Team', 'Telecaller', 'Night Staff']) {
      const ok = await t.call({
        method: 'POST',
        url: '/api/admin/add-team-member',
        payload: newMember({ type }),
        token,
      });
      expect(ok.json(), type).toMatchObject({ status: 1 });
    }
  });

  it('records the addition in the audit trail', async () => {
    const actor = await t.signInAs('Admin');
    const payload = newMember();
    await t.call({ method: 'POST', url: '/api/admin/add-team-member', payload, token: actor.token });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'team-member-added'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: actor.id, actorName: actor.name, outcome: 'ok' });
    expect(JSON.stringify(rows[0]?.detail)).not.toContain(payload.password);
  });
});

describe('POST /api/admin/update-team-member', () => {
  const update = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/admin/update-team-member', payload, token });

  it('keeps the password when it is left empty, and the member stays signed in', async () => {
    const { token } = await t.signInAs('Admin');
    const member = await t.signInAs('Team');
    const response = await update(token, {
      name: 'Renamed Member',
      email: member.email,
      password: '',
      type: 'Team',
      tmId: member.id,
    });
    expect(response.json()).toEqual({ status: 1, message: 'Team member updated successfully.', data: null });
    expect((await signInWith(member.email, member.password)).json().status).toBe(1);
    expect((await userInfo(member.token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.name).toBe('Renamed Member');
  });

  it('sets a new password and ends the member’s sessions', async () => {
    const { token } = await t.signInAs('Admin');
    const member = await t.signInAs('Team');
    const response = await update(token, {
      name: member.name,
      email: member.email,
      password: 'brand-new-pass',
      type: 'Team',
      tmId: member.id,
    });
    expect(response.json().status).toBe(1);
    expect(response.body).not.toContain('brand-new-pass');
    expect((await userInfo(member.token)).statusCode).toBe(401);
    expect((await signInWith(member.email, member.password)).json().status).toBe(401);
    expect((await signInWith(member.email, 'brand-new-pass')).json().status).toBe(1);
  });

  it('ends the member’s sessions on a role change and writes a role-change audit row', async () => {
    const actor = await t.signInAs('Admin');
    const member = await t.signInAs('Team');
    await update(actor.token, { name: member.name, email: member.email, type: 'Manager', tmId: member.id });
    const info = await userInfo(member.token);
    expect(info.statusCode).toBe(401);
    expect(info.json().status).toBe(401);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'team-member-role-changed'));
    expect(row).toMatchObject({
      actorId: actor.id,
      target: `staff:${member.id}`,
      detail: { from: 'Team', to: 'Manager' },
    });
  });

  it('refuses an e-mail another member uses', async () => {
    const { token } = await t.signInAs('Admin');
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const other = await insertStaff(t.database.db, { type: 'Team' });
    const response = await update(token, {
      name: member.name,
      email: other.email.toUpperCase(),
      type: 'Team',
      tmId: member.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A team member with this email already exists.');
  });

  it('answers the form messages and 404 for an unknown member', async () => {
    const { token } = await t.signInAs('Admin');
    expect((await update(token, { email: 'a@example.com', type: 'Team', tmId: 1 })).json().message).toBe(
      'Please enter your name.',
    );
    expect(
      (await update(token, { name: 'A', email: 'a@example.com', password: '123', type: 'Team', tmId: 1 })).json()
        .message,
    ).toBe('Password must be at least 6 characters.');
    const missing = await update(token, { name: 'A', email: 'a@example.com', type: 'Team', tmId: 424242 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 0, message: 'Team member not found.', code: 'MEMBER_NOT_FOUND' });
  });

  it('stops a Manager from editing an Admin or promoting anyone to Admin', async () => {
    const { token } = await t.signInAs('Manager');
    const admin = await insertStaff(t.database.db, { type: 'Admin' });
    const team = await insertStaff(t.database.db, { type: 'Team' });
    const editAdmin = await update(token, { name: 'X', email: admin.email, type: 'Admin', tmId: admin.id });
    expect(editAdmin.statusCode).toBe(403);
    const demoteAdmin = await update(token, { name: 'X', email: admin.email, type: 'Team', tmId: admin.id });
    expect(demoteAdmin.statusCode).toBe(403);
    const promote = await update(token, { name: team.name, email: team.email, type: 'Admin', tmId: team.id });
    expect(promote.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, team.id));
    expect(row?.type).toBe('Team');
    const fine = await update(token, { name: team.name, email: team.email, type: 'Telecaller', tmId: team.id });
    expect(fine.json().status).toBe(1);
  });

  it('lets an Admin promote and demote Admins, but not change their own type', async () => {
    const actor = await t.signInAs('Admin');
    const other = await insertStaff(t.database.db, { type: 'Admin' });
    const demote = await update(actor.token, { name: other.name, email: other.email, type: 'Manager', tmId: other.id });
    expect(demote.json().status).toBe(1);
    const self = await update(actor.token, { name: actor.name, email: actor.email, type: 'Team', tmId: actor.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot change your own type.');
  });
});

describe('PUT /api/admin/delete-team-member', () => {
  const remove = (token: string, teamMemberId: unknown) =>
    t.call({ method: 'PUT', url: '/api/admin/delete-team-member', payload: { teamMemberId }, token });

  it('soft-deletes the member, whose token and password stop working', async () => {
    const actor = await t.signInAs('Admin');
    const member = await t.signInAs('Telecaller');
    const response = await remove(actor.token, member.id);
    expect(response.json()).toEqual({
      status: 1,
      message: 'Team member deleted successfully.',
      data: { releasedOrders: 0 },
    });
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await userInfo(member.token)).statusCode).toBe(401);
    expect((await signInWith(member.email, member.password)).json().status).toBe(401);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'team-member-deleted'));
    expect(audit).toMatchObject({ actorId: actor.id, target: `staff:${member.id}` });
  });

  it('refuses to delete yourself, an unknown member or one already deleted', async () => {
    const actor = await t.signInAs('Admin');
    const self = await remove(actor.token, actor.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account.');
    expect((await remove(actor.token, 987654)).statusCode).toBe(404);
    const member = await insertStaff(t.database.db, { type: 'Team' });
    expect((await remove(actor.token, member.id)).json().status).toBe(1);
    expect((await remove(actor.token, member.id)).statusCode).toBe(404);
    expect((await remove(actor.token, 'x')).json()).toEqual({
      status: 0,
      message: 'Team member not found.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('stops a Manager from deleting an Admin', async () => {
    const { token } = await t.signInAs('Manager');
    const admin = await insertStaff(t.database.db, { type: 'Admin' });
    const response = await remove(token, admin.id);
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, admin.id));
    expect(row?.deletedAt).toBeNull();
    const manager = await insertStaff(t.database.db, { type: 'Manager' });
    expect((await remove(token, manager.id)).json().status).toBe(1);
  });
});
