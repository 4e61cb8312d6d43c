import { DEFAULT_BUNDLE_PROFILES, DISPUTE_NETWORKS } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../defence-packs/pdf-text';
import { fixtureDispute, fixtureEvidence, PIXEL_AGENT } from '../defence-packs/testing/evidence-fixture';
import { renderEvidenceBundle } from './render-evidence-bundle';

const today = new Date('2025-03-10T12:00:00Z');
const dispute = fixtureDispute;
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('renderEvidenceBundle', () => {
  it('is one PDF: the letter with the dispute, then the enclosures A to D from this order only', async () => {
    const ev = fixtureEvidence({ downloads: 4, mails: 5, others: 1 });
    const { pdf, summary } = await renderEvidenceBundle(ev, dispute('Visa'), {
      today,
      profile: DEFAULT_BUNDLE_PROFILES.Visa,
    });
    const pages = await pdfPages(pdf);
    const text = squash(pages.join(' '));
    const order = [
      'Re: Order 104242',
      'Enclosure A: the application',
      'Enclosure B: the approval e-mail',
      'Enclosure C: Download History',
      'Enclosure D: Email History',
    ];
    const positions = order.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('13.1 – Services not provided or merchandise not received');
    expect(text).toContain('Łukasz Đặng Ζωή Юлия');
    expect(text).toContain(`${PIXEL_AGENT.browser} ${PIXEL_AGENT.browserVersion}`);
    expect(text).not.toContain('other.example');
    expect(summary).toMatchObject({
      network: 'Visa',
      pages: pages.length,
      bytes: pdf.length,
      fits: true,
      shortened: [],
    });
  });

  it.each(DISPUTE_NETWORKS)(
    '%s: an order with 5,000 downloads and 200 e-mails fits the profile, and says what was shortened',
    async (network) => {
      const ev = fixtureEvidence({ downloads: 5_000, mails: 200, others: 5 });
      const profile = DEFAULT_BUNDLE_PROFILES[network];
      const { pdf, summary } = await renderEvidenceBundle(ev, dispute(network), { today, profile });
      const pages = await pdfPages(pdf);
      expect(pages.length).toBe(summary.pages);
      expect(pages.length).toBeLessThanOrEqual(profile.maxPages);
      expect(pdf.length).toBeLessThanOrEqual(profile.maxBytes);
      expect(summary.fits).toBe(true);
      expect(summary.shortened.join(' ')).toMatch(/downloads: \d+ of 5000 rows summarised/);
      expect(summary.shortened.join(' ')).toMatch(/e-mails: \d+ of 200 rows summarised/);
      const text = squash(pages.join(' '));
      expect(text).toContain('Summary: 5,000 downloads between');
      expect(text).toMatch(
        /Summary: 200 e-mails to the customer \(approval \d+, resend \d+, invoice \d+, refund \d+\)/,
      );
    },
  );

  it('shortens further for a strict profile and says when even that does not fit', async () => {
    const ev = fixtureEvidence({ downloads: 400, mails: 60 });
    const tight = await renderEvidenceBundle(ev, dispute('Other'), {
      today,
      profile: { maxPages: 5, maxBytes: 1_000_000 },
    });
    expect(tight.summary.pages).toBeLessThanOrEqual(5);
    expect(tight.summary.fits).toBe(true);
    const impossible = await renderEvidenceBundle(ev, dispute('Other'), {
      today,
      profile: { maxPages: 2, maxBytes: 1_000_000 },
    });
    expect(impossible.summary.fits).toBe(false);
  });
});
