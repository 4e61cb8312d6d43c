import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplication, insertOrder, toIntakeBody } from '../../src/db/factories';
import { auditLog, mailMessages } from '../../src/db/schema';
import { settleResetLinks } from '../../src/features/auth/request-password-reset';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePdf } from '../../src/features/order-detail/testing/sample-files';
import { createTestApp, type TestApp } from '../test-app';
import { INTAKE_KEY, report } from './support';

const hex = () => randomBytes(6).toString('hex');
/** Values that must never reach a log line, nor an answer that has no business holding them. */
const SENTINEL = {
  password: `Sentinel-Pass-${hex()}`,
  newPassword: `Sentinel-New-${hex()}`,
  passport: `XS${Date.now().toString().slice(-7)}`,
  nationalId: `NID-${hex().toUpperCase()}`,
};
/** Credentials the run obtains; added to the search once known. */
const secrets = new Map<string, string>();

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  // Production settings at the most verbose level, request logging on: the worst case for leaks.
  t = await createTestApp(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      INTAKE_API_KEY: INTAKE_KEY,
      PUBLIC_APP_URL: 'https://backoffice.example.com',
      MFA_ENCRYPTION_KEY: 'mfa-key-for-the-production-mode-log-tests',
      LOGIN_IP_LIMIT: '1000',
    },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(() => t.close());

interface Exchange {
  label: string;
  body: string;
  /** sentinels this answer may hold (order detail shows the passport to staff, by design) */
  mayHold?: string[];
}
const exchanges: Exchange[] = [];
const call = async (label: string, options: Parameters<TestApp['call']>[0], mayHold: string[] = []) => {
  const answer = await t.call(options);
  exchanges.push({ label, body: answer.body, mayHold });
  return answer;
};

describe('a batch of requests carrying secrets and passport data', () => {
  it('leaves zero sentinel hits in the logs and in answers that should not hold them', async () => {
    const admin = await t.signInAs('Admin');
    secrets.set('admin token', admin.token);

    // Team changes with a known password; sign-ins that fail and succeed with it.
    const added = await call('add member', {
      method: 'POST',
      url: '/api/admin/add-team-member',
      token: admin.token,
      payload: { name: 'Sentinel Member', email: 'sentinel@example.com', password: SENTINEL.password, type: 'Team' },
    });
    const memberId = added.json().data.id as number;
    await call('bad sign-in', {
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'sentinel@example.com', password: `${SENTINEL.password}x` },
    });
    await call('invalid sign-in body', {
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'not-an-email', password: SENTINEL.password },
    });
    const signIn = await call('sign-in', {
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'sentinel@example.com', password: SENTINEL.password },
    });
    const memberToken = signIn.json().jwtToken as string;
    secrets.set('member token', memberToken);
    await call('team list', { method: 'GET', url: '/api/admin/get-team-member-list', token: admin.token });
    await call('member info', { method: 'GET', url: `/api/admin/team-member-info/${memberId}`, token: admin.token });
    await call('denied', { method: 'GET', url: '/api/admin/get-team-member-list', token: memberToken });
    await call('events with ?token=', {
      method: 'GET',
      url: `/api/admin/get-folder-count?token=${encodeURIComponent(memberToken)}`,
    });
    await call('MFA set-up', { method: 'POST', url: '/api/admin/mfa/setup', token: memberToken });
    await call('change password', {
      method: 'POST',
      url: '/api/admin/change-password',
      token: memberToken,
      payload: { newPassword: SENTINEL.newPassword },
    });
    await call('role change', {
      method: 'POST',
      url: '/api/admin/update-team-member',
      token: admin.token,
      payload: {
        name: 'Sentinel Member',
        email: 'sentinel@example.com',
        password: SENTINEL.password,
        type: 'Telecaller',
        tmId: memberId,
      },
    });

    // An application with passport and national id numbers, worked by staff.
    const intake = await call('intake', {
      method: 'POST',
      url: '/api/intake/orders',
      headers: { 'x-api-key': INTAKE_KEY },
      payload: {
        ...toIntakeBody(buildApplication(), `sentinel-${hex()}`),
        passport_number: SENTINEL.passport,
        national_identity_number: SENTINEL.nationalId,
      },
    });
    const orderId = intake.json().data.order_id as number;
    await call('invalid intake', {
      method: 'POST',
      url: '/api/intake/orders',
      headers: { 'x-api-key': INTAKE_KEY },
      payload: { passport_number: SENTINEL.passport, national_identity_number: SENTINEL.nationalId },
    });
    await call('folder list', {
      method: 'GET',
      url: '/api/admin/get-orders-list/newOrder?perPage=100',
      token: admin.token,
    });
    await call('search by passport', {
      method: 'POST',
      url: '/api/admin/search-order',
      token: admin.token,
      payload: { start: 1, end: 10, searchVal: SENTINEL.passport.toLowerCase(), folderName: 'allOrder' },
    });
    await call('export', { method: 'GET', url: '/api/admin/export-orders.csv?folder=allOrder', token: admin.token });
    await call('order detail', { method: 'GET', url: `/api/admin/get-orders-details/${orderId}`, token: admin.token }, [
      SENTINEL.passport,
      SENTINEL.nationalId,
    ]);

    // A document, its staff download, a visitor's track, history, download and file link.
    const email = (
      await t.call({ method: 'GET', url: `/api/admin/get-orders-details/${orderId}`, token: admin.token })
    ).json().data.email as string;
    const form = multipart(
      { orderId: String(orderId), email, mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'approval.pdf', contentType: 'application/pdf', content: await samplePdf() },
    );
    const uploaded = await call('upload', {
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      token: admin.token,
      payload: form.payload,
      headers: form.headers,
    });
    const file1 = uploaded.json().data.file1 as string;
    await call('staff download', {
      method: 'GET',
      url: `/api/admin/documents/${orderId}/${file1}`,
      token: admin.token,
    });
    const tracked = await call('track', {
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(orderId), email },
    });
    const visitor = tracked.json().data.token as string;
    secrets.set('visitor token', visitor);
    await call('history', {
      method: 'POST',
      url: '/api/front/get-download-history',
      headers: { authorization: visitor },
      payload: { orderId: String(orderId) },
    });
    const link = await call('download', {
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      headers: { authorization: visitor },
      payload: { orderId: String(orderId), customername: 'customer', file1 },
    });
    const url = link.json().data.url as string;
    secrets.set('link signature', new URL(url, 'http://x').searchParams.get('sig') ?? '');
    await t.call({ method: 'GET', url });

    await call('audit list', { method: 'GET', url: '/api/admin/audit?perPage=100', token: admin.token });

    // A password reset: the link's token travels in a page address.
    await call('forgot', { method: 'POST', url: '/api/admin/forgot-password', payload: { email: admin.email } });
    // The link is written after the answer (same time for known and unknown addresses).
    await settleResetLinks();
    const [mail] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.kind, 'password-reset'));
    const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    secrets.set('reset token', resetToken);
    await t.call({ method: 'GET', url: `/reset-password/${resetToken}` });
    await call('reset', {
      method: 'POST',
      url: '/api/admin/reset-password',
      payload: { token: resetToken, newPassword: `${SENTINEL.newPassword}-2` },
    });

    const searched = { ...SENTINEL, newPassword2: `${SENTINEL.newPassword}-2`, ...Object.fromEntries(secrets) };
    for (const [name, value] of Object.entries(searched)) expect(value.length, name).toBeGreaterThan(6);
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(30);
    expect(log).toContain('incoming request');
    expect(log).toContain('[redacted]');

    const logHits = Object.entries(searched).filter(([, value]) => log.includes(value));
    const answerHits = exchanges.flatMap(({ label, body, mayHold }) =>
      Object.entries(searched)
        .filter(([name, value]) => body.includes(value) && !mayHold?.includes(value) && !isOwnCredential(label, name))
        .map(([name]) => `${label}: ${name}`),
    );
    report(
      `sentinel hits: ${logHits.length} in ${logLines.length} log lines, ${answerHits.length} in ${exchanges.length} answers`,
    );
    expect(logHits.map(([name]) => name)).toEqual([]);
    expect(answerHits).toEqual([]);
  });

  it('writes audit rows for sign-ins, denials, team changes, order views and document downloads', async () => {
    // Order views are written in batches: the last ones at once when asked to.
    await t.app.ctx.auditBatch.flush();
    const rows = await t.database.db.select().from(auditLog);
    const count = (action: string, outcome?: string) =>
      rows.filter((r) => r.action === action && (!outcome || r.outcome === outcome)).length;
    const expected = {
      'sign-in ok': count('sign-in', 'ok'),
      'sign-in failed': count('sign-in', 'failed'),
      'access denied': count('access-denied', 'denied'),
      'team member added': count('team-member-added'),
      'team member role changed': count('team-member-role-changed'),
      'password changed': count('password-changed'),
      'order viewed': count('order-viewed'),
      'document downloaded (staff)': count('document-downloaded'),
      'document downloaded (visitor)': count('document-download'),
      'visitor tracked': count('visitor-track'),
      'password reset': count('password-reset'),
    };
    for (const [label, n] of Object.entries(expected)) expect(n, label).toBeGreaterThan(0);
    const denial = rows.find((r) => r.action === 'access-denied');
    expect(denial).toMatchObject({ actorName: 'Sentinel Member', target: 'GET /api/admin/get-team-member-list' });
    expect(JSON.stringify(rows)).not.toContain(SENTINEL.password);
    expect(JSON.stringify(rows)).not.toContain(SENTINEL.passport);
    report(`audit rows written: ${rows.length} across ${new Set(rows.map((r) => r.action)).size} actions`);
  });

  it('keeps the audit trail append-only', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    await expect(
      t.database.db
        .update(auditLog)
        .set({ action: 'nothing' })
        .where(eq(auditLog.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row?.id ?? 0))).rejects.toThrow();
    const [still] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, row?.id ?? 0));
    expect(still?.action).toBe(row?.action);
  });
});

describe('passport numbers in lists', () => {
  it('never appear in list rows: the field is not sent at all', async () => {
    const { token } = await t.signInAs('Team');
    await insertOrder(t.database.db, { passportNumber: 'LIST1234567' });
    const list = (
      await t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder?perPage=100', token })
    ).json();
    expect(list.data.length).toBeGreaterThan(0);
    for (const row of list.data) {
      expect(row).not.toHaveProperty('passport_number');
      expect(row).not.toHaveProperty('national_identity_number');
      expect(row).not.toHaveProperty('birth_date');
    }
  });
});

/** An answer that hands a member their own credential is the point of that call. */
function isOwnCredential(label: string, name: string): boolean {
  return (
    (label === 'sign-in' && name === 'member token') ||
    (label === 'track' && name === 'visitor token') ||
    (label === 'download' && name === 'link signature')
  );
}
