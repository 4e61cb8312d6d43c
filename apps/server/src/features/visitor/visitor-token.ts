import { signToken, type TokenKind, verifyToken } from '../../lib/jwt';

// A different audience from staff tokens: neither kind is accepted in place of the other.
const VISITOR: TokenKind = { issuer: 'nzeta-backoffice', audience: 'visitor', requiredClaims: ['exp'] };
export const VISITOR_TOKEN_MINUTES = 30;

/** A short-lived token proving the visitor knew this order's id and e-mail (DESIGN §6). */
export async function signVisitorToken(orderId: number, secret: Uint8Array): Promise<string> {
  return signToken({ oid: orderId, sub: `order:${orderId}` }, secret, VISITOR, VISITOR_TOKEN_MINUTES * 60_000);
}

/** The order id the token is scoped to; undefined when the signature, audience or expiry fails. */
export async function verifyVisitorToken(token: string, secret: Uint8Array): Promise<number | undefined> {
  const payload = verifyToken(token, secret, VISITOR);
  const oid = payload?.oid;
  return typeof oid === 'number' && Number.isSafeInteger(oid) ? oid : undefined;
}
