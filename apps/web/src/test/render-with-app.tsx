import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { AuthProvider } from '../lib/auth-context';

/** A signed-in member of that role, as the browser keeps it (only the token's payload is read). */
export function signInAs(role: string, name = 'Demo Team', id = 7): void {
  const token = `h.${btoa(JSON.stringify({ user: { id, name, type: role } }))}.s`;
  localStorage.setItem('user', JSON.stringify({ accessToken: token }));
}

export interface Answer {
  status?: number;
  body: unknown;
}

/**
 * Answers fetch calls in turn with these bodies (the last one repeats) and records the requests:
 * the component runs its real API client against them.
 */
export function answerFetch(...answers: Answer[]) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', body });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? { body: { status: 1, message: '' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The component inside the providers the console gives it, with the toasts a member sees. */
export function renderWithApp(ui: ReactNode, { path = '/admin' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            {ui}
            <ToastContainer />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    ),
  };
}
