import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeId, encodeId, parseOrderRef } from './id-codec';

describe('id codec (SPEC §2.4)', () => {
  it('doubles, base64-encodes and strips the padding', () => {
    expect(encodeId(100001)).toBe('MjAwMDAy');
    expect(encodeId(5)).toBe('MTA');
    expect(encodeId(123456)).toBe('MjQ2OTEy');
    expect(decodeId('MjAwMDAy')).toBe(100001);
    expect(decodeId('MTA')).toBe(5);
  });

  it('round-trips every positive safe id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Math.floor(Number.MAX_SAFE_INTEGER / 2) }), (id) => {
        expect(decodeId(encodeId(id))).toBe(id);
      }),
    );
  });

  it('rejects garbage, odd numbers, padding, leading zeros and other spellings', () => {
    for (const code of [
      '',
      'M',
      '!!!!',
      'MjAwMDAy==',
      'MjAwMDAy=',
      btoa('3').replace(/=+$/, ''),
      btoa('0').replace(/=+$/, ''),
      btoa('012').replace(/=+$/, ''),
      btoa('-4').replace(/=+$/, ''),
      btoa('1e4').replace(/=+$/, ''),
      btoa('abc').replace(/=+$/, ''),
      'MjAwMDAy/',
      '../etc/passwd',
      'A'.repeat(40),
    ]) {
      expect(decodeId(code), code).toBeUndefined();
    }
  });

  it('never throws and only accepts what it would produce', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const id = decodeId(text);
        if (id !== undefined) expect(encodeId(id)).toBe(text);
      }),
    );
  });

  it('reads a plain order id or an encoded one', () => {
    expect(parseOrderRef('100001')).toBe(100001);
    expect(parseOrderRef(encodeId(100001))).toBe(100001);
    expect(parseOrderRef('12')).toBeUndefined();
    expect(parseOrderRef('nonsense')).toBeUndefined();
  });
});
