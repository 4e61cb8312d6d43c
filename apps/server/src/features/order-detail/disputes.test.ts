import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { withAppAndJobs } from '../../../test/with-app-and-jobs';
import type { BackgroundJobs } from '../../background-jobs';
import { buildDownload, buildMailMessage, insertOrder } from '../../db/factories';
import { downloadHistory, mailMessages, orders } from '../../db/schema';
import { DrawnPdfs } from '../../lib/drawn-pdfs';
import { createPdfRenderer } from '../../pdf-jobs';
import { DEFENCE_STATUS_MESSAGE } from '../defence-packs/get-defence-pack';
import { pdfPages } from '../defence-packs/pdf-text';
import { NO_COMPLAINT_STATEMENT } from '../defence-packs/render-defence-pack';
import { deliverUntilSettled } from '../mail/testing/deliver';

let t: TestApp;
let jobs: BackgroundJobs;
withAppAndJobs((app, started) => {
  t = app;
  jobs = started;
});

/** A delivered, disputed order with two downloads and two e-mails. */
async function disputedOrder(status = 'ChargeBack') {
  const order = await insertOrder(t.database.db, {
    firstName: 'Ana',
    lastName: 'Rivera',
    email: 'ana.first@example.org',
    processStatus: status,
    transactionId: 'ch_3PZdisputed42',
    merchantName: 'Acme Merchant Services',
    amount: '99.00',
    currency: 'USD',
  });
  await t.database.db
    .insert(downloadHistory)
    .values([
      buildDownload({ orderId: order.orderId, ip: '::ffff:203.0.113.7', timezone: 'Europe/London' }),
      buildDownload({ orderId: order.orderId, ip: '198.51.100.23', timezone: 'Asia/Tokyo' }),
    ]);
  await t.database.db
    .insert(mailMessages)
    .values([
      buildMailMessage({ orderId: order.orderId, toAddress: 'ana.first@example.org', provider: 'AWS' }),
      buildMailMessage({ orderId: order.orderId, toAddress: 'ana.second@example.org', provider: 'Sendgrid' }),
    ]);
  return order;
}

async function packPdf(token: string, orderId: number, defencePackType: number) {
  return t.call({
    method: 'POST',
    url: '/api/admin/get-defence-pack-pdf',
    token,
    payload: { orderId, defencePackType },
  });
}

describe('defence packs', () => {
  it('pack 1 is a PDF letter with the order, transaction, statement and Download History', async () => {
    const { token } = await t.signInAs('Team');
    const order = await disputedOrder();
    const response = await packPdf(token, order.orderId, 1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(response.rawPayload)).join('\n');
    expect(text).toContain(String(order.orderId));
    expect(text).toContain('ch_3PZdisputed42');
    expect(text).toContain('Acme Merchant Services');
    expect(text).toContain(NO_COMPLAINT_STATEMENT);
    expect(text).toContain('Download History');
    expect(text).toContain('203.0.113.7');
    expect(text).toContain('198.51.100.23');
    expect(text).toContain('Europe/London');
    expect(text).not.toContain('ana.second@example.org');
  });

  it('pack 2 carries the Email History instead', async () => {
    const { token } = await t.signInAs('Telecaller');
    const order = await disputedOrder('Customer Called');
    const response = await packPdf(token, order.orderId, 2);
    const text = (await pdfPages(response.rawPayload)).join('\n');
    expect(text).toContain('ch_3PZdisputed42');
    expect(text).toContain(NO_COMPLAINT_STATEMENT);
    expect(text).toContain('Email History');
    expect(text).toContain('ana.first@example.org');
    // Only the customer's own address is listed; the other is counted, not shown.
    expect(text).not.toContain('ana.second@example.org');
    expect(text).toContain('Not listed: 1 e-mail of this order sent to another address');
    expect(text).not.toContain('203.0.113.7');
  });

  it('answers the letter as data for the preview', async () => {
    const { token } = await t.signInAs('Team');
    const order = await disputedOrder('Completed');
    const response = await t.call({
      method: 'POST',
      url: '/api/admin/defence-pack-details',
      token,
      payload: { orderId: order.orderId, defencePackType: 2 },
    });
    const { data } = response.json();
    expect(data).toMatchObject({
      packType: 2,
      orderId: order.orderId,
      transactionId: 'ch_3PZdisputed42',
      merchantName: 'Acme Merchant Services',
      statement: NO_COMPLAINT_STATEMENT,
      historyColumns: ['#', 'Date & Time', 'Type', 'Recipient', 'Attachment', 'Provider', 'Delivery'],
    });
    expect(data.company.name).toBeTruthy();
    expect(data.date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(data.historyRows).toHaveLength(1);
    expect(data.historyRows.flat()).toContain('ana.first@example.org');
    expect(data.historyRows.flat()).not.toContain('ana.second@example.org');
    expect(data.historyNote).toMatch(/^Not listed: 1 e-mail/);
    expect(data.facts).toContainEqual(['Applicant', 'Ana Rivera']);
    expect(data).not.toHaveProperty('evidenceImages');
  });

  it('is refused for a New order, an unknown order and a bad pack type', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'New' });
    for (const url of ['/api/admin/get-defence-pack-pdf', '/api/admin/defence-pack-details']) {
      const refused = await t.call({
        method: 'POST',
        url,
        token,
        payload: { orderId: order.orderId, defencePackType: 1 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ status: 0, message: DEFENCE_STATUS_MESSAGE, code: 'REQUEST_REFUSED' });
    }
    const unknown = await packPdf(token, 999999, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    const badType = await packPdf(token, order.orderId, 3);
    expect(badType.json()).toEqual({
      status: 0,
      message: 'Defence pack type must be 1 or 2.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('prints a pack again as the letter already drawn, and anew once its records change', async () => {
    const { token } = await t.signInAs('Team');
    const order = await disputedOrder();
    const renderer = t.app.ctx.pdf;
    const render = vi.spyOn(renderer, 'render');
    try {
      const first = await packPdf(token, order.orderId, 1);
      const again = await packPdf(token, order.orderId, 1);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(render).toHaveBeenCalledTimes(1);
      // The other pack is another letter.
      expect((await pdfPages((await packPdf(token, order.orderId, 2)).rawPayload)).join('\n')).toContain(
        'Email History',
      );
      expect(render).toHaveBeenCalledTimes(2);

      // The kept letter reads as one drawn now from the same records.
      const kept = t.app.ctx.drawnPdfs;
      t.app.ctx.drawnPdfs = new DrawnPdfs({ maxAgeMs: 0 });
      let fresh: Buffer;
      try {
        fresh = (await packPdf(token, order.orderId, 1)).rawPayload;
      } finally {
        t.app.ctx.drawnPdfs = kept;
      }
      expect(await pdfPages(first.rawPayload)).toEqual(await pdfPages(fresh));

      // A download written by anyone, announced or not yet, is in the next letter; the
      // database's change notice ends the order's kept letters.
      await t.database.db
        .insert(downloadHistory)
        .values(buildDownload({ orderId: order.orderId, ip: '192.0.2.44', timezone: 'Pacific/Auckland' }));
      const changed = await packPdf(token, order.orderId, 1);
      expect((await pdfPages(changed.rawPayload)).join('\n')).toContain('192.0.2.44');
      await t.database.db
        .update(orders)
        .set({ merchantName: 'Other Acquirer' })
        .where(eq(orders.orderId, order.orderId));
      await vi.waitFor(() => expect(kept.size.entries).toBe(0), { timeout: 5_000 });
    } finally {
      render.mockRestore();
    }
  });

  it('ten at once leave the event loop to other requests: /api/health answers meanwhile', async () => {
    const { token } = await t.signInAs('Team');
    const order = await disputedOrder();
    expect((await packPdf(token, order.orderId, 1)).statusCode).toBe(200); // threads started
    // Every one of the ten is drawn: none is handed out from the letters already drawn.
    const drawn = t.app.ctx.drawnPdfs;
    t.app.ctx.drawnPdfs = new DrawnPdfs({ maxAgeMs: 0 });
    onTestFinished(() => {
      t.app.ctx.drawnPdfs = drawn;
    });
    /** Health checks made one after another while ten packs are drawn, with how long each took. */
    const healthWhileTenPacks = async () => {
      let rendering = true;
      const packs = Promise.all(Array.from({ length: 10 }, () => packPdf(token, order.orderId, 1))).finally(() => {
        rendering = false;
      });
      const waits: number[] = [];
      while (rendering) {
        const started = performance.now();
        expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        waits.push(performance.now() - started);
      }
      expect((await packs).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      return waits.sort((a, b) => a - b)[Math.floor(waits.length / 2)] ?? Number.POSITIVE_INFINITY;
    };
    const inThreads = await healthWhileTenPacks();
    const threads = t.app.ctx.pdf;
    t.app.ctx.pdf = createPdfRenderer(0);
    let onLoop: number;
    try {
      onLoop = await healthWhileTenPacks();
    } finally {
      t.app.ctx.pdf = threads;
    }
    // On the loop a health check waits behind a pack's layout; beside the threads it does not.
    expect(inThreads).toBeLessThan(onLoop);
  });
});

describe('POST /api/admin/send-invoice', () => {
  it('validates the order id as the Send Invoice form does', async () => {
    const { token } = await t.signInAs('Team');
    const send = (payload: Record<string, string | number>) =>
      t.call({ method: 'POST', url: '/api/admin/send-invoice', token, payload });
    expect((await send({ orderId: '' })).json()).toEqual({
      status: 0,
      message: 'Please enter your order id.',
      code: 'VALIDATION_FAILED',
    });
    expect((await send({})).json()).toEqual({
      status: 0,
      message: 'Please enter your order id.',
      code: 'VALIDATION_FAILED',
    });
    expect((await send({ orderId: '12345' })).json()).toEqual({
      status: 0,
      message: 'Order Id must be at least 6 characters.',
      code: 'VALIDATION_FAILED',
    });
    const unknown = await send({ orderId: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    // An id sent as a JSON number is read as its digits, and checked as the typed one is.
    expect((await send({ orderId: 999999 })).json()).toEqual(unknown.json());
    expect((await send({ orderId: 12345 })).json()).toMatchObject({
      message: 'Order Id must be at least 6 characters.',
    });
  });

  it('queues an invoice e-mail whose PDF is drawn at delivery', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, {
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'ana.invoice@example.org',
      amount: '149.00',
      currency: 'NZD',
      processingMode: 'Priority',
      transactionId: 'ch_invoice77',
    });
    const response = await t.call({
      method: 'POST',
      url: '/api/admin/send-invoice',
      token,
      payload: { orderId: String(order.orderId) },
    });
    expect(response.json()).toMatchObject({ status: 1, message: 'Invoice has been sent to the customer.' });
    const mailId = response.json().data.mailId;
    const [queued] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(queued).toMatchObject({ kind: 'invoice', toAddress: 'ana.invoice@example.org' });
    expect(queued?.attachments).toEqual([
      { filename: `INV-${order.orderId}.pdf`, contentType: 'application/pdf', generated: 'invoice' },
    ]);

    const sent = await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId);
    expect(sent.state).toBe('sent');
    const parsed = await simpleParser(
      await readFile(path.join(t.config.dataDir, 'mail', sent?.providerMessageId ?? '')),
    );
    const attachment = parsed.attachments[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const text = (await pdfPages(attachment?.content ?? Buffer.alloc(0))).join('\n');
    expect(text).toContain(`INV-${order.orderId}`);
    expect(text).toContain('Ana Rivera');
    expect(text).toContain('Priority');
    expect(text).toContain('NZD 149.00');
    expect(text).toContain('ch_invoice77');
  });
});
