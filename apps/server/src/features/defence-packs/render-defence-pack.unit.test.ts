import { describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-text';
import { NO_COMPLAINT_STATEMENT, REFUND_ON_RECORD, renderDefencePack } from './render-defence-pack';
import { CUSTOMER_EMAIL, fixtureEvidence, PIXEL_AGENT, UNICODE_NAME } from './testing/evidence-fixture';

const today = new Date('2025-03-10T12:00:00Z');
const squash = (text: string) => text.replace(/\s+/g, ' ');
const textOf = async (pdf: Buffer) => squash((await pdfPages(pdf)).join(' '));

describe('renderDefencePack', () => {
  it('pack 1: the letter, the application and the downloads with full browser, OS and device', async () => {
    const ev = fixtureEvidence({ downloads: 3 });
    const text = await textOf(await renderDefencePack(ev, 1, { today }));
    for (const expected of [
      ev.company.company.name,
      '10 March 2025',
      'To: Acme Merchant Services',
      'Order 104242',
      'Transaction ID ch_3PZfixture42',
      `${UNICODE_NAME.firstName} ${UNICODE_NAME.lastName}`,
      NO_COMPLAINT_STATEMENT,
      'Enclosure A',
      'Poland',
      'Enclosure B: Download History',
      `${PIXEL_AGENT.browser} ${PIXEL_AGENT.browserVersion}`,
      PIXEL_AGENT.os,
      PIXEL_AGENT.device,
      'mobile',
      '203.0.113.2',
      'Europe/Warsaw',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('::ffff:');
    // Nothing of another order: no stock images, no other id or name.
    expect(text).not.toMatch(/100123|JANE TRAVELLER|Application form/i);
  });

  it('pack 2: the approval e-mail as sent and only the customer-addressed e-mails with their type and attachment', async () => {
    const ev = fixtureEvidence({ mails: 4, others: 2 });
    const text = await textOf(await renderDefencePack(ev, 2, { today }));
    for (const expected of [
      'Enclosure B: the approval e-mail as sent',
      'NZeTA Service <no-reply@example.com>',
      'Your NZeTA application 104242',
      'NZeTA-approval.pdf',
      '48,213 bytes',
      ev.approvalDocument?.sha256 ?? 'sha',
      'msg-0',
      'delivered',
      "Enclosure C: Email History to the customer's address",
      'Approval',
      'Resend',
      'Invoice',
      'invoice-104242.pdf',
      'Not listed: 2 e-mails of this order sent to another address',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(CUSTOMER_EMAIL);
    expect(text).not.toContain('other.example');
    expect(text).not.toContain('Download History');
  });

  it('writes names in any Latin-script, Greek or Cyrillic alphabet so they copy out intact', async () => {
    const pages = await pdfPages(await renderDefencePack(fixtureEvidence(), 1, { today }));
    expect(pages.join('\n')).toContain('Łukasz Đặng Ζωή Юлия');
  });

  it('does not deny a refund request that is on record', async () => {
    const ev = { ...fixtureEvidence(), hasRefundRequest: true };
    const text = await textOf(await renderDefencePack(ev, 1, { today }));
    expect(text).toContain(REFUND_ON_RECORD);
    expect(text).not.toContain(NO_COMPLAINT_STATEMENT);
  });

  it('summarises a history longer than a page: first and last rows, counts and dates', async () => {
    const pages = await pdfPages(await renderDefencePack(fixtureEvidence({ downloads: 500 }), 1, { today }));
    const text = squash(pages.join(' '));
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(text).toMatch(/rows left out/);
    expect(text).toContain('Summary: 500 downloads between 04/02/2025');
    expect(text).toMatch(/ 500 \d\d\/\d\d\/2025/);
    pages.forEach((page, i) => {
      expect(squash(page)).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it('draws a pack the same whatever packs were drawn before it (word shapes are shared)', async () => {
    const first = fixtureEvidence({ downloads: 4, mails: 3 });
    const other = fixtureEvidence({ downloads: 9, mails: 5 });
    other.order = { ...other.order, orderId: 104243, firstName: 'Ζωή', lastName: 'Ngata-Whaanga' };
    const before = await renderDefencePack(first, 1, { today });
    const between = await textOf(await renderDefencePack(other, 1, { today }));
    const after = await renderDefencePack(first, 1, { today });
    expect(await pdfPages(after)).toEqual(await pdfPages(before));
    expect(after.length).toBe(before.length);
    expect(between).toContain('Order 104243');
    expect(between).toContain('Ζωή Ngata-Whaanga');
  });

  it('renders a 2-page pack with its embedded fonts in tens of milliseconds of CPU', async () => {
    const ev = fixtureEvidence({ downloads: 10 });
    await renderDefencePack(ev, 1, { today });
    const times: number[] = [];
    for (let i = 0; i < 11; i++) {
      // CPU time, not wall time: other processes on a busy CI machine must not fail the test.
      const start = process.cpuUsage();
      await renderDefencePack(ev, 1, { today });
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    // About 10 ms here (parsed fonts and word shapes are shared between documents); the bound leaves room.
    expect(times[5]).toBeLessThan(150);
  });
});
