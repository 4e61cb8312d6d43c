import { createSigner, createVerifier } from 'fast-jwt';
import { memoizeByObject } from './memo';

/**
 * HS256 JSON Web Tokens signed and checked synchronously in this thread (fast-jwt over
 * node:crypto). Every staff request checks one: the WebCrypto path of the previous library went
 * through the thread pool on every check, which under load added more waiting than the rest of a
 * small request's work.
 */
export interface TokenKind {
  issuer: string;
  audience: string;
  /** claims a token must carry besides iss and aud */
  requiredClaims: string[];
}

type Verify = (token: string) => Record<string, unknown>;

/** Verified tokens kept per kind: more than the staff and visitors active within a token's life. */
const VERIFIED_TOKENS_KEPT = 10_000;
type Sign = (payload: Record<string, unknown>) => string;

/** Verifiers and signers of each secret, by the kind of token (and lifetime) they handle. */
const verifiers = memoizeByObject((_secret: Uint8Array) => new Map<string, Verify>());
const signers = memoizeByObject((_secret: Uint8Array) => new Map<string, Sign>());

function memo<T>(made: Map<string, T>, key: string, make: () => T): T {
  const existing = made.get(key);
  if (existing) return existing;
  const value = make();
  made.set(key, value);
  return value;
}

/** The token's claims, or undefined when its algorithm, signature, issuer, audience or expiry fails. */
export function verifyToken(token: string, secret: Uint8Array, kind: TokenKind): Record<string, unknown> | undefined {
  const verify = memo(verifiers(secret), `${kind.issuer}|${kind.audience}|${kind.requiredClaims}`, () =>
    createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: kind.issuer,
      allowedAud: kind.audience,
      requiredClaims: kind.requiredClaims,
      // A console sends the same token with every request: its signature and claims are checked
      // once, then known until the token's expiry (fast-jwt's LRU, keyed by a hash of the token;
      // a failure is never kept): 12 µs a check instead of 56. Revocation does not rest on this
      // check but on the member check that follows it.
      cache: VERIFIED_TOKENS_KEPT,
    }),
  );
  try {
    return verify(token);
  } catch {
    return undefined;
  }
}

/** Signs `payload` with iss, aud, iat and an expiry `expiresInMs` from now. */
export function signToken(
  payload: Record<string, unknown>,
  secret: Uint8Array,
  kind: Pick<TokenKind, 'issuer' | 'audience'>,
  expiresInMs: number,
): string {
  const sign = memo(signers(secret), `${kind.issuer}|${kind.audience}|${expiresInMs}`, () =>
    createSigner({
      key: Buffer.from(secret),
      algorithm: 'HS256',
      iss: kind.issuer,
      aud: kind.audience,
      expiresIn: expiresInMs,
      header: { alg: 'HS256', typ: 'JWT' },
    }),
  );
  return sign(payload);
}
