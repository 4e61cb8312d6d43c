import { isRole, type SessionUser } from '@nzeta/domain';
import { signToken, type TokenKind, verifyToken } from './jwt';

const STAFF: TokenKind = { issuer: 'nzeta-backoffice', audience: 'staff', requiredClaims: ['exp', 'iat'] };

export interface StaffClaims {
  user: SessionUser;
  /** the member's token version when issued: a bump revokes every older token */
  ver: number;
  /** the session (staff_sessions.id) the idle timeout is kept on */
  sid: string;
}

export async function signStaffToken(claims: StaffClaims, secret: Uint8Array, ttlHours: number): Promise<string> {
  return signToken(
    { user: claims.user, ver: claims.ver, sid: claims.sid, sub: String(claims.user.id) },
    secret,
    STAFF,
    ttlHours * 3_600_000,
  );
}

/** Verifies signature (HS256 only), issuer, audience and expiry (required); undefined when any fails. */
export async function verifyStaffToken(token: string, secret: Uint8Array): Promise<StaffClaims | undefined> {
  // exp is required, not merely checked when present: a token without one would never end.
  const payload = verifyToken(token, secret, STAFF);
  const user = payload?.user as Partial<SessionUser> | undefined;
  if (!user || typeof user.id !== 'number' || typeof user.name !== 'string' || !isRole(user.type)) return undefined;
  if (typeof payload?.ver !== 'number' || typeof payload.sid !== 'string') return undefined;
  return { user: { id: user.id, name: user.name, type: user.type }, ver: payload.ver, sid: payload.sid };
}

/** The spec sends the token raw; 'Bearer <token>' is accepted too (DESIGN §4). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || undefined;
}
