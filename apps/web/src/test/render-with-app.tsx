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
 * Answers fetch calls (by a part of their path, else in turn: the last answer repeats) and records
 * the requests: the component runs its real API client against them.
 */
export function answerFetch(...answers: Array<Answer | Record<string, Answer>>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  let unrouted = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', body });
    const routes = answers.find((a): a is Record<string, Answer> => !('body' in a));
    const routed = routes && Object.entries(routes).find(([part]) => url.includes(part))?.[1];
    const inTurn = answers.filter((a): a is Answer => 'body' in a);
    const answer = routed ??
      inTurn[Math.min(unrouted++, inTurn.length - 1)] ?? { body: { status: 1, message: '', data: [] } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The public settings as the server answers them (route 'app-config' to it). */
export const appConfigAnswer: Answer = {
  body: {
    status: 1,
    message: '',
    data: {
      productTitle: 'NZeTA',
      publicSiteUrl: 'https://www.example.com',
      applicationMailDomain: 'applications.example.com',
      businessTimeZone: 'Pacific/Auckland',
      idleTimeoutMinutes: 30,
    },
  },
};

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
