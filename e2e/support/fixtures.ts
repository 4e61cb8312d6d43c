import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = {
  Admin: 'admin@example.com',
  Manager: 'manager@example.com',
  Team: 'team@example.com',
  Telecaller: 'telecaller@example.com',
  'Night Staff': 'night@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;
export const INTAKE_KEY = 'e2e-intake-key';

/** Signs in through the API and stores the session as the app does (localStorage 'user'). */
export async function apiSignIn(page: Page, role: DemoRole): Promise<string> {
  const response = await page.request.post('/api/admin/admin-login', {
    data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  const body = (await response.json()) as { jwtToken?: string; message: string };
  if (!body.jwtToken) throw new Error(`sign-in as ${role} failed: ${body.message}`);
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('user', JSON.stringify({ accessToken: token }));
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, body.jwtToken);
  return body.jwtToken;
}

let sequence = 0;
/** Creates an order through the intake API; every call gets unique names and e-mail. */
export async function createOrder(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = await request.post('/api/intake/orders', {
    headers: { 'x-api-key': INTAKE_KEY },
    data: {
      reference: `e2e-${unique}`,
      first_name: 'Ava',
      last_name: `Tester${unique}`,
      email: `ava.${unique}@example.com`,
      confirm_email: `ava.${unique}@example.com`,
      country_code: 'Australia',
      phone_number: '412345678',
      nationality: 'Australia',
      issuing_country: 'Australia',
      passport_number: `PA${unique.slice(-7).toUpperCase()}`,
      gender: 'Female',
      birth_date: '12',
      birth_month: '05',
      birth_year: '1990',
      processing_mode: 'Standard',
      amount: '49.00',
      currency: 'USD',
      payment_gateway: 'Stripe',
      transaction_id: `txn_${unique}`,
      ...overrides,
    },
  });
  const body = (await response.json()) as { data?: { order_id: number }; message: string };
  if (!body.data) throw new Error(`intake failed: ${body.message}`);
  return body.data.order_id;
}

/**
 * Console errors that are not the page's:
 * - the browser's note on a failed request (the tests assert on answers themselves);
 * - Chromium blocking the helpers Playwright injects into every frame, in a frame sandboxed
 *   without scripts (the e-mail preview; microsoft/playwright#33343). The preview's own test
 *   checks that what it shows holds no script.
 */
const NOT_THE_PAGES_ERRORS = [
  /Failed to load resource/,
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
];

/** Fails the test on any console error in the page (STYLE: tests fail on unexpected console.error). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        const notThePages = NOT_THE_PAGES_ERRORS.some((pattern) => pattern.test(text));
        if (message.type() === 'error' && !notThePages) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
