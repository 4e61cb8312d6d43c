import type { SessionUser } from '@nzeta/domain';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { clearSession, readSession, storeSession, userFromToken } from './session';

/** Auth state (SPEC §3): isAuth is true while a stored session exists. */
export interface AuthState {
  isAuth: boolean;
  user: SessionUser | null;
  role: SessionUser['type'] | '';
  /** True after the member signed out on purpose: the next sign-in starts on the dashboard. */
  leftOnPurpose: boolean;
  signIn(token: string, remember: boolean): void;
  /** keepPlace: signed out by the console (idle, expired), so sign-in returns to this page. */
  signOut(options?: { keepPlace?: boolean }): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => readSession()?.accessToken);
  const [leftOnPurpose, setLeftOnPurpose] = useState(false);
  const signIn = useCallback((next: string, remember: boolean) => {
    storeSession(next, remember);
    setLeftOnPurpose(false);
    setToken(next);
  }, []);
  const signOut = useCallback((options?: { keepPlace?: boolean }) => {
    clearSession();
    setLeftOnPurpose(!options?.keepPlace);
    setToken(undefined);
  }, []);
  const value = useMemo<AuthState>(() => {
    const user = userFromToken(token);
    return { isAuth: !!user, user, role: user?.type ?? '', leftOnPurpose, signIn, signOut };
  }, [token, leftOnPurpose, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
