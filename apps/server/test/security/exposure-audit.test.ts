import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApplication, insertOrder, toIntakeBody } from '../../src/db/factories';
import { auditLog } from '../../src/db/schema';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePng } from '../../src/features/order-detail/testing/sample-files';
import { csvCell } from '../../src/features/orders/export-orders-csv';
import { orderWithDocument } from '../../src/features/visitor/visitor-test-helpers';
import { createTestApp, type TestApp } from '../test-app';
import { INTAKE_KEY, report } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTAKE_API_KEY: INTAKE_KEY });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

describe('CSV formulas in every separator’s locale (finding 13)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['Ava;=HYPERLINK("http://x")', `"Ava;'=HYPERLINK(""http://x"")"`],
    ['Ava,@SUM(A1)', `"Ava,'@SUM(A1)"`],
    ['Ava\t-2+3', `"Ava\t'-2+3"`],
    ['Ava| +cmd', `"Ava| '+cmd"`],
    ['+64 21 000 000', '+64 21 000 000'],
    ['-', '-'],
    ['Smith-Jones', 'Smith-Jones'],
  ])('%j becomes %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('the export guards a name that would split into a formula under ";"', async () => {
    const member = await t.signInAs('Admin');
    await insertOrder(t.database.db, { processStatus: 'New', firstName: 'Ava;=cmd|"/c calc"!A1' });
    const csv = await t.call({
      method: 'GET',
      url: '/api/admin/export-orders.csv?folder=newOrder',
      token: member.token,
    });
    for (const line of csv.body.split('\r\n').slice(1)) {
      for (const cell of line.split(';').slice(1)) expect(cell.replace(/^"/, '')).not.toMatch(/^\s*[=+@]/);
    }
  });
});

describe('calls that expose personal data or send the document are audited (finding 14)', () => {
  const audited = async (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('CSV export, defence packs, the e-mail preview, invoices, resends and uploads', async () => {
    const member = await t.signInAs('Telecaller');
    const token = member.token;
    const chargeBack = await orderWithDocument(t, { processStatus: 'ChargeBack', transactionId: 'txn_a1' });
    const orderId = chargeBack.order.orderId;
    await t.call({ method: 'GET', url: '/api/admin/export-orders.csv?folder=newOrder', token });
    for (const url of ['/api/admin/get-defence-pack-pdf', '/api/admin/defence-pack-details']) {
      expect((await t.call({ method: 'POST', url, token, payload: { orderId, defencePackType: 1 } })).statusCode).toBe(
        200,
      );
    }
    await t.call({ method: 'GET', url: `/api/admin/email-content/${orderId}`, token });
    const invoice = await t.call({
      method: 'POST',
      url: '/api/admin/send-invoice',
      token,
      payload: { orderId: String(orderId) },
    });
    expect(invoice.statusCode).toBe(200);
    const resend = await t.call({
      method: 'POST',
      url: '/api/admin/resend-mail',
      token,
      payload: { orderId, email: 'someone.else@example.net', mailServiceProvider: 'AWS' },
    });
    expect(resend.statusCode).toBe(200);
    const upload = await insertOrder(t.database.db, { processStatus: 'New' });
    const form = multipart(
      { orderId: String(upload.orderId), email: 'upload.to@example.org', mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'v.png', contentType: 'image/png', content: await samplePng() },
    );
    expect((await t.call({ method: 'POST', url: '/api/admin/upload-visa-document', token, ...form })).statusCode).toBe(
      200,
    );

    expect(await audited('orders-exported')).toEqual([
      expect.objectContaining({ actorId: member.id, target: 'folder:newOrder' }),
    ]);
    expect(await audited('defence-pack-viewed')).toHaveLength(2);
    expect(await audited('email-preview-viewed')).toEqual([expect.objectContaining({ target: String(orderId) })]);
    expect((await audited('invoice-sent'))[0]?.detail).toMatchObject({ recipient: chargeBack.order.email });
    expect((await audited('document-resent'))[0]?.detail).toMatchObject({ recipient: 'someone.else@example.net' });
    const [uploaded] = await audited('document-uploaded');
    expect(uploaded).toMatchObject({ target: String(upload.orderId), detail: { recipient: 'upload.to@example.org' } });
    report(
      'audited: CSV export, defence pack PDF and details, e-mail preview, invoice, resend and upload (with recipient)',
    );
  });

  it('a refused call writes no access entry', async () => {
    const member = await t.signInAs('Team');
    await t.call({ method: 'GET', url: '/api/admin/email-content/999999999', token: member.token });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email-preview-viewed'), eq(auditLog.actorId, member.id)));
    expect(rows).toEqual([]);
  });
});

describe('line breaks never reach a letter, an e-mail or a PDF (finding 15)', () => {
  it.each(['first_name', 'last_name', 'place_of_birth', 'nationality', 'transaction_id', 'reference'])(
    'intake refuses a line break in %s',
    async (field) => {
      for (const brk of ['\n', '\r', '\u2028', '\u0085']) {
        const body = toIntakeBody(buildApplication(), `ref-${field}-${brk.charCodeAt(0)}`) as Record<string, unknown>;
        body[field] = `Ava${brk}Bcc: x@attacker.example`;
        const answer = await t.call({
          method: 'POST',
          url: '/api/intake/orders',
          payload: body,
          headers: { 'x-api-key': INTAKE_KEY },
        });
        expect(answer.statusCode, `${field} ${brk.charCodeAt(0)}`).toBe(400);
        expect(answer.json().message).toBe('Line breaks are not allowed.');
      }
    },
  );
});
