import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole, expect } from './fixtures';

// The staff routes of apps/web/src/config/paths.ts (that module pulls the domain package, which
// Playwright's loader cannot resolve).
export const staffPaths = {
  signIn: '/',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${token}`,
  dashboard: '/admin',
  manageTeam: '/admin/manage-team',
  editTeamMember: (id: number) => `/admin/manage-team/${id}`,
  gatewaySetting: '/admin/gateway-setting',
  changePassword: '/admin/change-password',
  security: '/admin/security',
  settings: '/admin/settings',
  audit: '/admin/audit',
};

export interface CreatedMember {
  id: number;
  name: string;
  email: string;
  password: string;
}

let sequence = 0;
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/admin/admin-login', { data: { email, password } });
  const body = (await response.json()) as { jwtToken?: string; message: string };
  if (!body.jwtToken) throw new Error(`sign-in as ${email} failed: ${body.message}`);
  return body.jwtToken;
}

/** A member of its own for a test that changes the account (never a demo account others use). */
export async function createMember(
  request: APIRequestContext,
  type: DemoRole = 'Team',
  namePrefix = 'Test Member',
): Promise<CreatedMember> {
  const suffix = uniqueSuffix();
  const member = { name: `${namePrefix} ${suffix}`, email: `member.${suffix}@example.com`, password: `pw-${suffix}` };
  const token = await apiToken(request, DEMO_ACCOUNTS.Admin, DEMO_PASSWORD);
  const response = await request.post('/api/admin/add-team-member', {
    headers: { authorization: token },
    data: { ...member, type },
  });
  const body = (await response.json()) as { status: number; message: string; data?: { id: number } };
  expect(body.status, body.message).toBe(1);
  return { ...member, id: body.data?.id as number };
}

/** Signs in through the sign-in screen, as a person would. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto(staffPaths.signIn);
  await page.getByLabel('Email ID').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The labels of the side menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  return page.locator('nav.side-menu .label').allTextContents();
}
