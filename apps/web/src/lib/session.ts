import { isRole } from '@nzeta/domain/roles';
import type { SessionUser } from '@nzeta/domain/schemas/auth';

/** The session lives under the key 'user' (SPEC §3): localStorage when remembered, else this tab only. */
export const SESSION_KEY = 'user';

export interface StoredSession {
  accessToken: string;
}

export function readSession(): StoredSession | null {
  const raw = localStorage.getItem(SESSION_KEY) ?? sessionStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.accessToken === 'string' ? { accessToken: parsed.accessToken } : null;
  } catch {
    return null;
  }
}

export function storeSession(accessToken: string, remember: boolean): void {
  clearSession();
  (remember ? localStorage : sessionStorage).setItem(SESSION_KEY, JSON.stringify({ accessToken }));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(SESSION_KEY);
}

/**
 * A token segment as text. atob gives one character per byte, so a name outside ASCII ("Zoë",
 * "Łukasz") must be decoded from its UTF-8 bytes.
 */
function decodeBase64Url(segment: string): string {
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The user object inside the token payload (name and role for the frame and the menu). */
export function userFromToken(token: string | undefined): SessionUser | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(decodeBase64Url(payload)) as { user?: unknown; exp?: number };
    if (json.exp && json.exp * 1000 < Date.now()) return null;
    // A plain check rather than the zod schema keeps the validation library off the first load.
    const user = json.user as Partial<SessionUser> | undefined;
    if (!user || typeof user.id !== 'number' || typeof user.name !== 'string' || !isRole(user.type)) return null;
    return { id: user.id, name: user.name, type: user.type };
  } catch {
    return null;
  }
}
