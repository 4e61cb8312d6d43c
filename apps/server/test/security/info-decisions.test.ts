import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff } from '../../src/db/factories';
import { auditLog, orders } from '../../src/db/schema';
import { inspectUpload } from '../../src/features/documents/inspect-upload';
import { STREAM_SESSION_CHECK_MS } from '../../src/features/events/events.routes';
import { signDownloadLink } from '../../src/features/visitor/download-link';
import { orderWithDocument } from '../../src/features/visitor/visitor-test-helpers';
import { createTestApp, type TestApp } from '../test-app';

/** The review's "info" items, as decided in docs/decisions.md. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the live-count stream', () => {
  it(
    'ends after logout',
    async () => {
      const member = await insertStaff(t.database.db, { type: 'Team' });
      const signIn = await t.call({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: member.email, password: member.password },
      });
      const token = signIn.json().jwtToken as string;
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await fetch(`${address}/api/admin/events?token=${token}`);
      expect(stream.status).toBe(200);
      const reader = stream.body?.getReader();
      await reader?.read();
      await t.call({ method: 'POST', url: '/api/admin/logout', token });
      const ended = async () => {
        for (;;) if ((await reader?.read())?.done) return true;
      };
      const started = Date.now();
      expect(await ended()).toBe(true);
      expect(Date.now() - started).toBeLessThan(STREAM_SESSION_CHECK_MS + 5_000);
    },
    STREAM_SESSION_CHECK_MS + 20_000,
  );
});

describe('signed download links', () => {
  it('are refused once the order is soft-deleted, and every fetch is audited', async () => {
    const { order, file1 } = await orderWithDocument(t);
    const { url } = signDownloadLink(file1, order.orderId, t.config.jwtSecret);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(200);
    await t.database.db.update(orders).set({ processStatus: 'Deleted' }).where(eq(orders.orderId, order.orderId));
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
    const fetched = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'document-link-fetched'));
    expect(fetched.map((row) => row.outcome)).toEqual(['ok', 'failed']);
  });
});

describe('uploaded PDFs', () => {
  it.each([
    ['/JavaScript', '<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'],
    ['a #-escaped name', '<< /S /J#61vaScript /JS (x) >>'],
    ['/Launch', '<< /S /Launch /F (cmd.exe) >>'],
    ['an embedded file', '<< /EmbeddedFiles 3 0 R >>'],
  ])('with %s are refused', async (_label, body) => {
    const pdf = Buffer.from(`%PDF-1.7\n1 0 obj ${body} endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
    expect((await inspectUpload(pdf)).ok).toBe(false);
  });

  it('a plain one, with an /OpenAction that sets the first view, is accepted', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction [2 0 R /Fit] >> endobj\ntrailer <<>>\n%%EOF\n',
    );
    expect((await inspectUpload(pdf)).ok).toBe(true);
  });
});

describe('/api/docs', () => {
  it('is for signed-in staff only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const member = await t.signInAs('Telecaller');
    expect((await t.call({ method: 'GET', url: '/api/docs', token: member.token })).statusCode).toBe(200);
  });
});
