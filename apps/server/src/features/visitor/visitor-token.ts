import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'nzeta-backoffice';
// A different audience from staff tokens: neither kind is accepted in place of the other.
const AUDIENCE = 'visitor';
const ALGORITHM = 'HS256';
export const VISITOR_TOKEN_MINUTES = 30;

/** A short-lived token proving the visitor knew this order's id and e-mail (DESIGN §6). */
export async function signVisitorToken(orderId: number, secret: Uint8Array): Promise<string> {
  return new SignJWT({ oid: orderId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(`order:${orderId}`)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${VISITOR_TOKEN_MINUTES}m`)
    .sign(secret);
}

/** The order id the token is scoped to; undefined when the signature, audience or expiry fails. */
export async function verifyVisitorToken(token: string, secret: Uint8Array): Promise<number | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    });
    return typeof payload.oid === 'number' && Number.isSafeInteger(payload.oid) ? payload.oid : undefined;
  } catch {
    return undefined;
  }
}
