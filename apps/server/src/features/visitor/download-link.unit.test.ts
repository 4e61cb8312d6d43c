import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_MINUTES, signDownloadLink, verifyDownloadLink } from './download-link';

const secret = new TextEncoder().encode('a-signing-secret-of-sufficient-length-0123456789');
const file1 = 'Qm9vay1zdG9yZWQtbmFtZQ.pdf';

function queryOf(url: string) {
  const params = new URL(url, 'http://localhost').searchParams;
  return {
    oid: params.get('oid') ?? undefined,
    exp: params.get('exp') ?? undefined,
    sig: params.get('sig') ?? undefined,
  };
}

describe('signed download links', () => {
  const now = new Date('2025-06-01T10:00:00Z');
  const { url, expires } = signDownloadLink(file1, 100123, secret, now);

  it('verifies within its lifetime and names the order', () => {
    expect(expires).toBe(now.getTime() / 1000 + DOWNLOAD_LINK_MINUTES * 60);
    expect(verifyDownloadLink(file1, queryOf(url), secret, now)).toBe(100123);
    expect(verifyDownloadLink(file1, queryOf(url), secret, new Date(expires * 1000 - 1000))).toBe(100123);
  });

  it('refuses it once expired', () => {
    expect(verifyDownloadLink(file1, queryOf(url), secret, new Date(expires * 1000))).toBeUndefined();
  });

  it('refuses another file, order, expiry, signature or secret', () => {
    const query = queryOf(url);
    expect(verifyDownloadLink('AAAAAAAAAAAAAAAAAAAAAA.pdf', query, secret, now)).toBeUndefined();
    expect(verifyDownloadLink(file1, { ...query, oid: '100124' }, secret, now)).toBeUndefined();
    expect(verifyDownloadLink(file1, { ...query, exp: String(expires + 60) }, secret, now)).toBeUndefined();
    expect(verifyDownloadLink(file1, { ...query, sig: `${query.sig?.slice(0, -2)}AA` }, secret, now)).toBeUndefined();
    expect(verifyDownloadLink(file1, { ...query, sig: undefined }, secret, now)).toBeUndefined();
    expect(verifyDownloadLink(file1, query, new TextEncoder().encode('another-secret'), now)).toBeUndefined();
  });
});
