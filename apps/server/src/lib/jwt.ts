import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
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

type Verify = (token: string) => Record<string, unknown> | undefined;

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

interface Verified {
  claims: Record<string, unknown>;
  /**
   * the token's expiry, ms since the epoch: kept beside the claims rather than as lru-cache's
   * per-entry ttl, whose clock is performance.now(); Date.now() is the clock the token's exp is
   * on, and the one tests move with fake timers.
   */
  until: number;
}

/**
 * A console sends the same token with every request: its signature and claims are checked once,
 * then known until the token's expiry (a failure is never kept). Kept here, keyed by the token
 * itself, rather than in fast-jwt's own cache, which keys by a SHA-256 of the token: that hash was
 * most of a cached check's cost, and fast-jwt warns at every start when its key is replaced. The
 * hash would keep live tokens out of a memory dump, but the same memory holds the signing secret,
 * which forges any token; the whole token as key cannot collide. Revocation does not rest on this
 * check but on the member check that follows it.
 */
function keptVerifier(verify: (token: string) => Record<string, unknown>): Verify {
  const kept = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS_KEPT });
  return (token) => {
    const known = kept.get(token);
    if (known && Date.now() < known.until) return known.claims;
    let claims: Record<string, unknown>;
    try {
      claims = verify(token);
    } catch {
      if (known) kept.delete(token);
      return undefined;
    }
    // Every kind requires exp (fast-jwt refuses a token without it when it is a required claim).
    if (typeof claims.exp === 'number') kept.set(token, { claims, until: claims.exp * 1000 });
    return claims;
  };
}

/** The token's claims, or undefined when its algorithm, signature, issuer, audience or expiry fails. */
export function verifyToken(token: string, secret: Uint8Array, kind: TokenKind): Record<string, unknown> | undefined {
  const verify = memo(verifiers(secret), `${kind.issuer}|${kind.audience}|${kind.requiredClaims}`, () =>
    keptVerifier(
      createVerifier({
        key: Buffer.from(secret),
        algorithms: ['HS256'],
        allowedIss: kind.issuer,
        allowedAud: kind.audience,
        requiredClaims: kind.requiredClaims,
      }),
    ),
  );
  return verify(token);
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
