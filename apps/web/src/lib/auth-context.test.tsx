import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';

// A token of the shape the server signs; only its payload is read in the browser.
const token = `h.${btoa(JSON.stringify({ user: { id: 7, name: 'Demo Team', type: 'Team' } }))}.s`;

function renderAuth() {
  const { result } = renderHook(() => useAuth(), { wrapper: AuthProvider });
  act(() => result.current.signIn(token, false));
  return result;
}

describe('signing out and the page after the next sign-in', () => {
  it('a chosen sign-out (Logout, a new password) starts the next sign-in on the dashboard', () => {
    const auth = renderAuth();
    expect(auth.current.isAuth).toBe(true);
    act(() => auth.current.signOut());
    expect(auth.current.isAuth).toBe(false);
    expect(auth.current.leftOnPurpose).toBe(true);
  });

  it('a sign-out the console made (idle, expired session) keeps the place', () => {
    const auth = renderAuth();
    act(() => auth.current.signOut({ keepPlace: true }));
    expect(auth.current.isAuth).toBe(false);
    expect(auth.current.leftOnPurpose).toBe(false);
  });

  it('signing in again clears the choice', () => {
    const auth = renderAuth();
    act(() => auth.current.signOut());
    act(() => auth.current.signIn(token, false));
    expect(auth.current.leftOnPurpose).toBe(false);
  });
});
