import type { SessionUser } from '@nzeta/domain';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { clearSession, readSession, storeSession, userFromToken } from './session';

/** Auth state (SPEC §3): isAuth is true while a stored session exists. */
export interface AuthState {
  isAuth: boolean;
  user: SessionUser | null;
  role: SessionUser['type'] | '';
  signIn(token: string, remember: boolean): void;
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => readSession()?.accessToken);
  const signIn = useCallback((next: string, remember: boolean) => {
    storeSession(next, remember);
    setToken(next);
  }, []);
  const signOut = useCallback(() => {
    clearSession();
    setToken(undefined);
  }, []);
  const value = useMemo<AuthState>(() => {
    const user = userFromToken(token);
    return { isAuth: !!user, user, role: user?.type ?? '', signIn, signOut };
  }, [token, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
