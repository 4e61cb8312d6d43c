import { describe, expect, it } from 'vitest';
import { type CompanySettings, DEFAULT_COMPANY_SETTINGS } from './company-settings';
import { approvalPreview, formatFileSize, MAIL_KINDS, renderMail } from './templates';

const settings: CompanySettings = {
  ...DEFAULT_COMPANY_SETTINGS,
  support: { phone: '+64 9 123 4567', email: 'help@example.com' },
};
const hostile = '<script>alert("x")</script> & Co';

describe('renderMail', () => {
  it('approval: names the order, says the document is attached, gives support phone and e-mail', () => {
    const mail = renderMail('approval', { orderId: 100042, applicantName: 'Ana Silva', settings });
    expect(mail.subject).toBe('Your NZeTA has been approved - Order 100042');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('100042');
      expect(body).toContain('Ana Silva');
      expect(body).toContain('+64 9 123 4567');
      expect(body).toContain('help@example.com');
      expect(body).toContain('attached');
      expect(body).toContain('NZeTA Online Services Ltd');
    }
    expect(mail.html).toContain('href="mailto:help@example.com"');
  });

  it('approval: names the attached document with its size and links the tracking page', () => {
    const mail = renderMail('approval', {
      orderId: 100042,
      applicantName: 'Ana Silva',
      settings,
      trackOrderUrl: 'https://office.example.com/track-order/100042',
      document: { fileName: 'NZeTA-100042.pdf', size: 245_760 },
    });
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('NZeTA-100042.pdf (240 KB)');
      expect(body).toContain('https://office.example.com/track-order/100042');
    }
    expect([formatFileSize(845), formatFileSize(12_345), formatFileSize(1_468_006)]).toEqual([
      '845 bytes',
      '12 KB',
      '1.4 MB',
    ]);
  });

  it('resend: the same content, marked as sent again', () => {
    const mail = renderMail('resend', { orderId: 100042, applicantName: 'Ana Silva', settings });
    expect(mail.subject).toContain('(resent)');
    expect(mail.text).toContain('again');
    expect(mail.text).toContain('+64 9 123 4567');
  });

  it('refund, invoice and password reset carry their facts', () => {
    const refund = renderMail('refund', {
      orderId: 100042,
      applicantName: 'Ana',
      amount: '79.5',
      currency: 'NZD',
      refundDate: '2025-03-04T15:00:00Z',
      settings,
    });
    expect(refund.subject).toBe('Refund confirmation - Order 100042');
    expect(refund.text).toContain('Amount refunded: NZD 79.50');
    expect(refund.text).toContain('Refund date: 04/03/2025');

    const invoice = renderMail('invoice', {
      orderId: 100042,
      applicantName: 'Ana',
      invoiceNumber: 'INV-100042',
      settings,
    });
    expect(invoice.subject).toBe('Invoice INV-100042 - Order 100042');
    expect(invoice.text).toContain('attached');

    const reset = renderMail('password-reset', {
      name: 'Sam',
      resetUrl: 'https://bo.example.com/reset?t=a&b=c',
      settings,
    });
    expect(reset.text).toContain('30 minutes');
    expect(reset.html).toContain('href="https://bo.example.com/reset?t=a&amp;b=c"');
    expect(reset.text).toContain('https://bo.example.com/reset?t=a&b=c');
  });

  it('escapes every interpolated value in the HTML', () => {
    const evil: CompanySettings = {
      company: { ...settings.company, name: hostile, addressLines: [hostile] },
      support: { phone: hostile, email: 'x@example.com' },
      productTitle: hostile,
    };
    const all = [
      renderMail('approval', { orderId: 1, applicantName: hostile, settings: evil }),
      renderMail('resend', { orderId: 1, applicantName: hostile, settings: evil }),
      renderMail('refund', {
        orderId: 1,
        applicantName: hostile,
        currency: hostile,
        amount: '1',
        refundDate: new Date(),
        settings: evil,
      }),
      renderMail('invoice', { orderId: 1, applicantName: hostile, invoiceNumber: hostile, settings: evil }),
      renderMail('password-reset', { name: hostile, resetUrl: 'https://x.example/"><script>', settings: evil }),
    ];
    expect(all).toHaveLength(MAIL_KINDS.length);
    for (const mail of all) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
      expect(mail.text).toContain(hostile);
    }
  });

  it('refuses links that are not web or mail links', () => {
    expect(() => renderMail('password-reset', { name: 'Sam', resetUrl: 'javascript:alert(1)', settings })).toThrow(
      /Refusing link/,
    );
  });
});

describe('approvalPreview', () => {
  it('renders the approval e-mail for an order', () => {
    const preview = approvalPreview(
      { orderId: 100007, firstName: 'Mere', lastName: 'Ngata', fullName: null },
      settings,
      {
        trackOrderUrl: 'https://www.example.com/track-order/MjAwMDE0',
      },
    );
    expect(preview.subject).toContain('100007');
    expect(preview.html).toContain('Dear Mere Ngata,');
    expect(preview.html).toContain('href="https://www.example.com/track-order/MjAwMDE0"');
  });

  it('falls back to the full name, then to Customer', () => {
    const settingsOnly = settings;
    expect(
      approvalPreview({ orderId: 1, firstName: null, lastName: null, fullName: 'Li Wei' }, settingsOnly).text,
    ).toContain('Dear Li Wei,');
    expect(
      approvalPreview({ orderId: 1, firstName: null, lastName: null, fullName: null }, settingsOnly).text,
    ).toContain('Dear Customer,');
  });
});
