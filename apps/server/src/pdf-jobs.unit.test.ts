import { DEFAULT_BUNDLE_PROFILES } from '@nzeta/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfPages } from './features/defence-packs/pdf-text';
import { renderDefencePack } from './features/defence-packs/render-defence-pack';
import { fixtureDispute, fixtureEvidence, UNICODE_NAME } from './features/defence-packs/testing/evidence-fixture';
import { renderEvidenceBundle } from './features/disputes/render-evidence-bundle';
import { renderInvoice } from './features/invoices/render-invoice';
import { INVOICE_ORDER } from './features/invoices/testing/invoice-fixture';
import { DEFAULT_COMPANY_SETTINGS } from './features/mail/company-settings';
import { createPdfRenderer } from './pdf-jobs';

const today = new Date('2025-03-10T12:00:00Z');
const pooled = createPdfRenderer(2);
afterAll(() => pooled.close());

const dispute = fixtureDispute();
const invoice = {
  order: INVOICE_ORDER,
  company: DEFAULT_COMPANY_SETTINGS,
  invoiceNumber: 'INV-100456',
  issuedAt: new Date('2025-04-03T12:00:00Z'),
};

describe('the PDF worker threads', () => {
  it('draw the same defence packs, bundle and invoice as the event loop does, as Buffers', async () => {
    const ev = fixtureEvidence({ downloads: 40, mails: 6, others: 1 });
    for (const pack of [1, 2] as const) {
      const inThread = await renderDefencePack(ev, pack, { today });
      const inWorker = await pooled.render('defencePack', ev, pack, { today });
      expect(Buffer.isBuffer(inWorker)).toBe(true);
      expect(await pdfPages(inWorker)).toEqual(await pdfPages(inThread));
    }
    const options = { today, profile: DEFAULT_BUNDLE_PROFILES.Visa };
    const bundle = await pooled.render('evidenceBundle', ev, dispute, options);
    const bundleHere = await renderEvidenceBundle(ev, dispute, options);
    expect(Buffer.isBuffer(bundle.pdf)).toBe(true);
    expect(bundle.summary).toEqual(bundleHere.summary);
    expect(await pdfPages(bundle.pdf)).toEqual(await pdfPages(bundleHere.pdf));
    const text = (await pdfPages(await pooled.render('invoice', invoice))).join(' ');
    expect(text).toEqual((await pdfPages(await renderInvoice(invoice))).join(' '));
    // the worker registers the DejaVu fonts too: the fixture's Unicode name copies out as text
    expect((await pdfPages(bundle.pdf)).join(' ')).toContain(`${UNICODE_NAME.firstName} ${UNICODE_NAME.lastName}`);
  });

  it('keep the event loop free while ten render at once', async () => {
    const ev = fixtureEvidence({ downloads: 60, mails: 8 });
    await pooled.render('defencePack', ev, 1, { today }); // threads warm
    /** How busy the event loop was (0 idle … 1 never idle) while ten PDFs were drawn. */
    const loopBusy = async (render: () => Promise<Buffer>) => {
      const start = performance.eventLoopUtilization();
      const pdfs = await Promise.all(Array.from({ length: 10 }, render));
      expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString() === '%PDF-')).toBe(true);
      return performance.eventLoopUtilization(start).utilization;
    };
    const onLoop = await loopBusy(() => renderDefencePack(ev, 1, { today }));
    const inThreads = await loopBusy(() => pooled.render('defencePack', ev, 1, { today }));
    // Utilisation, unlike timer lateness, does not count the time another process holds the
    // CPU while the loop waits: it stays meaningful on a busy 2-core machine.
    expect(onLoop).toBeGreaterThan(0.8);
    expect(inThreads).toBeLessThan(0.3);
  });

  it('refuses an error as an error, and the thread goes on', async () => {
    await expect(pooled.render('defencePack', { broken: true } as never, 1, { today })).rejects.toThrow();
    expect((await pooled.render('invoice', invoice)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
