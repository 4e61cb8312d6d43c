import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_LINK_MINUTES = 10;

export interface DownloadLink {
  file1: string;
  orderId: number;
  /** unix seconds */
  expires: number;
}

/** A key of its own for links, derived from the signing secret, so a link signature is never a token one. */
function linkKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('nzeta visitor download link v1').digest();
}

function signature(link: DownloadLink, secret: Uint8Array): Buffer {
  return createHmac('sha256', linkKey(secret)).update(`${link.file1}\n${link.orderId}\n${link.expires}`).digest();
}

/** The file route's address with the order, expiry and signature in the query. */
export function signDownloadLink(
  file1: string,
  orderId: number,
  secret: Uint8Array,
  now: Date = new Date(),
): { url: string; expires: number } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_MINUTES * 60;
  const sig = signature({ file1, orderId, expires }, secret).toString('base64url');
  const query = new URLSearchParams({ oid: String(orderId), exp: String(expires), sig });
  return { url: `/api/front/documents/${encodeURIComponent(file1)}?${query}`, expires };
}

export interface LinkQuery {
  oid?: string | undefined;
  exp?: string | undefined;
  sig?: string | undefined;
}

/** The link's order id when signature and expiry hold; undefined for a missing, altered or old link. */
export function verifyDownloadLink(
  file1: string,
  query: LinkQuery,
  secret: Uint8Array,
  now: Date = new Date(),
): number | undefined {
  const { oid, exp, sig } = query;
  if (!oid || !exp || !sig || !/^\d{1,15}$/.test(oid) || !/^\d{1,12}$/.test(exp)) return undefined;
  const link = { file1, orderId: Number(oid), expires: Number(exp) };
  if (link.expires * 1000 <= now.getTime()) return undefined;
  const expected = signature(link, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return link.orderId;
}
