import { describe, expect, it } from 'vitest';
import { REMARK_FLAGS, whatsappLink } from './order-detail';

describe('whatsappLink', () => {
  it('puts the dial code before the local number, digits only, with the message encoded', () => {
    const link = whatsappLink('Australia', '0412 345-678', 'Hello Ana & co');
    expect(link).toBe('https://wa.me/61412345678?text=Hello%20Ana%20%26%20co');
  });

  it('does not repeat a dial code the number already carries', () => {
    expect(whatsappLink('India', '+91 98765 43210', 'x')).toBe('https://wa.me/919876543210?text=x');
  });

  it('matches the country before any bracket and uses an unknown country as given', () => {
    expect(whatsappLink('United Kingdom (Great Britain)', '7700900123', 'x')).toBe('https://wa.me/447700900123?text=x');
    expect(whatsappLink('Atlantis', '5550123456', 'x')).toBe('https://wa.me/5550123456?text=x');
  });

  it('gives no link without a usable number', () => {
    expect(whatsappLink('Australia', null, 'x')).toBeNull();
    expect(whatsappLink('Australia', 'n/a', 'x')).toBeNull();
    expect(whatsappLink(null, '123', 'x')).toBeNull();
  });
});

describe('REMARK_FLAGS', () => {
  it("lists Comment History's flags in the spec's order with their labels", () => {
    expect(REMARK_FLAGS.map(({ key, label }) => `${key}:${label}`)).toEqual([
      'whatsapp:Whatsapp',
      'telephone:Telephone',
      'status_refund:Refund',
      'voided:Voided',
      'chargeback:Chargeback',
      'report_error:ReportError',
    ]);
  });
});
