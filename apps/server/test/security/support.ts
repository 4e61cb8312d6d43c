import { encodeId, ROLES, ROUTE_POLICY, type Role, type RouteKey } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { FastifySchema, InjectOptions, RouteOptions } from 'fastify';
import { buildApplication, insertOrder, insertStaff, toIntakeBody } from '../../src/db/factories';
import { paymentGateways, staff } from '../../src/db/schema';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePng } from '../../src/features/order-detail/testing/sample-files';
import { signDownloadLink } from '../../src/features/visitor/download-link';
import { orderWithDocument, visitorToken } from '../../src/features/visitor/visitor-test-helpers';
import { startStaffSession } from '../../src/lib/staff-session';
import { createTestApp, type TestApp } from '../test-app';

export const INTAKE_KEY = 'security-intake-key-0123456789';
export const METRICS_TOKEN = 'security-metrics-token-0123456789';
export const PRINCIPALS = ['anonymous', ...ROLES] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface CollectedRoute {
  method: string;
  url: string;
  permission: unknown;
  schema: FastifySchema | undefined;
  /** true for the web app's own routes (static files and the client-side router's fallback) */
  isWebApp: boolean;
}

/** The app with every registered route collected as Fastify announces it (onRoute). */
export async function createCollectingApp(
  env: Partial<Record<string, string>> = {},
): Promise<{ t: TestApp; routes: CollectedRoute[] }> {
  const routes: CollectedRoute[] = [];
  const collect = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        permission: (route.config as { permission?: unknown } | undefined)?.permission,
        schema: route.schema,
        isWebApp: !route.url.startsWith('/api'),
      });
    }
  };
  const t = await createTestApp({ INTAKE_API_KEY: INTAKE_KEY, ...env }, { onRoute: collect });
  return { t, routes };
}

/** 'METHOD /api/path' of every API route but the HEAD twins Fastify adds to each GET. */
export function apiRouteKeys(routes: CollectedRoute[]): string[] {
  return [...new Set(routes.filter((r) => !r.isWebApp && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
}

export function isRouteKey(key: string): key is RouteKey {
  return Object.hasOwn(ROUTE_POLICY, key);
}

export interface Member {
  id: number;
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** One member per role, signed in later with tokens minted from their current token version. */
export async function createMembers(t: TestApp, label = 'Member'): Promise<Record<Role, Member>> {
  const entries = await Promise.all(
    ROLES.map(async (role) => {
      const row = await insertStaff(t.database.db, { type: role, name: `${label} ${role}` });
      return [role, { id: row.id, name: row.name, email: row.email, password: row.password, role }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Role, Member>;
}

/** A valid token for the member as they are now (logout or a new password revoke older ones). */
export async function tokenFor(t: TestApp, member: Member): Promise<string> {
  const [row] = await t.database.db
    .select({ tokenVersion: staff.tokenVersion, type: staff.type })
    .from(staff)
    .where(eq(staff.id, member.id));
  if (!row) throw new Error(`no member ${member.id}`);
  return startStaffSession(
    t.database.db,
    { user: { id: member.id, name: member.name, type: row.type as Role }, tokenVersion: row.tokenVersion },
    { secret: t.config.jwtSecret, ttlHours: t.config.JWT_TTL_HOURS },
  );
}

export interface Fixture {
  newOrderId: number;
  refundOrderId: number;
  /** a Completed order with a stored document */
  completed: { orderId: number; email: string; file1: string };
  /** a ChargeBack order with a stored document (defence packs) */
  chargeBack: { orderId: number; file1: string };
  uploadOrderId: number;
  updateVictim: Member;
  deleteVictim: Member;
  gatewayId: string;
  visitorToken: string;
  signedLink: string;
  png: Buffer;
}

export async function createFixture(t: TestApp): Promise<Fixture> {
  const db = t.database.db;
  const completed = await orderWithDocument(t, { processStatus: 'Completed' });
  const chargeBack = await orderWithDocument(t, { processStatus: 'ChargeBack', transactionId: 'txn_sec_1' });
  const newOrder = await insertOrder(db, { processStatus: 'New', processingMode: 'Standard' });
  const refund = await insertOrder(db, { processStatus: 'Refunds' });
  const upload = await insertOrder(db, { processStatus: 'New' });
  const [gateway] = await db.insert(paymentGateways).values({ gatewayName: 'Stripe', isActive: true }).returning();
  const victim = async (name: string): Promise<Member> => {
    const row = await insertStaff(db, { type: 'Team', name });
    return { id: row.id, name: row.name, email: row.email, password: row.password, role: 'Team' };
  };
  const email = completed.order.email ?? '';
  return {
    newOrderId: newOrder.orderId,
    refundOrderId: refund.orderId,
    completed: { orderId: completed.order.orderId, email, file1: completed.file1 },
    chargeBack: { orderId: chargeBack.order.orderId, file1: chargeBack.file1 },
    uploadOrderId: upload.orderId,
    updateVictim: await victim('Victim Update'),
    deleteVictim: await victim('Victim Delete'),
    gatewayId: encodeId(gateway?.id ?? 0),
    visitorToken: await visitorToken(t, completed.order.orderId, email),
    signedLink: signDownloadLink(completed.file1, completed.order.orderId, t.config.jwtSecret).url,
    png: await samplePng(),
  };
}

export interface RouteRequest {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** the answer never ends (server-sent events): read the headers, then hang up */
  isStream?: boolean;
  remoteAddress?: string;
}

let sequence = 0;
const unique = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

const json = (method: InjectOptions['method'], url: string, payload?: object): RouteRequest => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

/**
 * A request that an allowed caller would make to each route: valid parameters and body, so an
 * allowed principal gets past validation into the handler.
 */
export const ROUTE_REQUESTS: Record<RouteKey, (fx: Fixture) => RouteRequest> = {
  'GET /api/health': () => json('GET', '/api/health'),
  'GET /api/health/live': () => json('GET', '/api/health/live'),
  'GET /api/metrics': () => json('GET', '/api/metrics'),
  'GET /api/app-config': () => json('GET', '/api/app-config'),
  'GET /api/docs': () => json('GET', '/api/docs'),
  'POST /api/admin/admin-login': () =>
    json('POST', '/api/admin/admin-login', { email: 'nobody@example.com', password: 'not-the-password' }),
  'POST /api/admin/forgot-password': () =>
    json('POST', '/api/admin/forgot-password', { email: `forgot.${unique()}@example.com` }),
  'POST /api/admin/reset-password': () =>
    json('POST', '/api/admin/reset-password', { token: 'made-up-reset-token', newPassword: 'kowhai-2025' }),

  'GET /api/user_info': () => json('GET', '/api/user_info'),
  'POST /api/admin/change-password': () => json('POST', '/api/admin/change-password', { newPassword: 'kowhai-2025' }),
  'POST /api/admin/logout': () => json('POST', '/api/admin/logout'),
  'GET /api/admin/mfa/status': () => json('GET', '/api/admin/mfa/status'),
  'POST /api/admin/mfa/setup': () => json('POST', '/api/admin/mfa/setup'),
  'POST /api/admin/mfa/enable': () => json('POST', '/api/admin/mfa/enable', { code: '123456' }),
  'POST /api/admin/mfa/disable': () => json('POST', '/api/admin/mfa/disable', { code: '123456' }),

  'GET /api/admin/events': () => ({ method: 'GET', url: '/api/admin/events', isStream: true }),
  'GET /api/admin/get-folder-count': () => json('GET', '/api/admin/get-folder-count'),
  'GET /api/admin/dashboard': () => json('GET', '/api/admin/dashboard'),
  'GET /api/admin/global-search': () => json('GET', '/api/admin/global-search?q=smith'),
  'GET /api/admin/get-orders-list/:orderName': () =>
    json('GET', '/api/admin/get-orders-list/newOrder?page=1&limit=10&delay=1'),
  'POST /api/admin/search-order': () =>
    json('POST', '/api/admin/search-order', { start: 1, end: 10, searchVal: 'a', folderName: 'newOrder' }),
  'GET /api/admin/export-orders.csv': () => json('GET', '/api/admin/export-orders.csv?folder=newOrder'),
  'GET /api/admin/get-future-order-count': () => json('GET', '/api/admin/get-future-order-count'),
  'PUT /api/admin/assign-order-status': (fx) =>
    json('PUT', '/api/admin/assign-order-status', { orderId: [fx.newOrderId], assignto: 'me' }),
  'PUT /api/admin/change-order-status': (fx) =>
    json('PUT', '/api/admin/change-order-status', { orderId: [fx.newOrderId], updatingStatus: 'Awaiting' }),
  'PUT /api/admin/move-order-status': (fx) =>
    json('PUT', '/api/admin/move-order-status', { orderId: fx.newOrderId, updatingStatus: 'Contact Customer' }),
  'PUT /api/admin/move-to-complete-refund': (fx) =>
    json('PUT', '/api/admin/move-to-complete-refund', { orderId: [fx.refundOrderId] }),
  'PUT /api/admin/restore-orders': (fx) => json('PUT', '/api/admin/restore-orders', { orderId: [fx.newOrderId] }),
  'PUT /api/admin/reassign-orders': (fx) =>
    json('PUT', '/api/admin/reassign-orders', { orderId: [fx.newOrderId], staffId: null }),

  'GET /api/admin/get-orders-details/:orderId': (fx) =>
    json('GET', `/api/admin/get-orders-details/${fx.completed.orderId}`),
  'POST /api/admin/add-new-remark': (fx) =>
    json('POST', '/api/admin/add-new-remark', { orderId: fx.completed.orderId, remark: 'Called the customer.' }),
  'POST /api/admin/save-transaction-details': (fx) =>
    json('POST', '/api/admin/save-transaction-details', {
      orderId: fx.completed.orderId,
      transactionId: 'txn_123',
      merchantName: 'NZeTA Services',
    }),
  'GET /api/admin/email-content/:orderId': (fx) => json('GET', `/api/admin/email-content/${fx.completed.orderId}`),
  'POST /api/admin/upload-visa-document': (fx) => {
    const form = multipart(
      { orderId: String(fx.uploadOrderId), email: 'applicant@example.com', mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'approval.png', contentType: 'image/png', content: fx.png },
    );
    return { method: 'POST', url: '/api/admin/upload-visa-document', payload: form.payload, headers: form.headers };
  },
  'POST /api/admin/resend-mail-fallback': (fx) =>
    json('POST', '/api/admin/resend-mail-fallback', { orderId: fx.completed.orderId, mailId: 1 }),
  'POST /api/admin/resend-mail': (fx) =>
    json('POST', '/api/admin/resend-mail', {
      orderId: fx.completed.orderId,
      email: fx.completed.email,
      mailServiceProvider: 'Sendgrid',
    }),
  'GET /api/admin/documents/:orderId/:file1': (fx) =>
    json('GET', `/api/admin/documents/${fx.completed.orderId}/${fx.completed.file1}`),
  'POST /api/admin/get-defence-pack-pdf': (fx) =>
    json('POST', '/api/admin/get-defence-pack-pdf', { orderId: fx.chargeBack.orderId, defencePackType: 1 }),
  'POST /api/admin/defence-pack-details': (fx) =>
    json('POST', '/api/admin/defence-pack-details', { orderId: fx.chargeBack.orderId, defencePackType: 2 }),
  'POST /api/admin/send-invoice': (fx) =>
    json('POST', '/api/admin/send-invoice', { orderId: String(fx.completed.orderId) }),

  'GET /api/admin/orders/:orderId/dispute': (fx) => json('GET', `/api/admin/orders/${fx.chargeBack.orderId}/dispute`),
  'PUT /api/admin/orders/:orderId/dispute': (fx) =>
    json('PUT', `/api/admin/orders/${fx.chargeBack.orderId}/dispute`, {
      network: 'Visa',
      reasonCode: '13.1',
      respondBy: '2030-01-15',
      state: 'needs_response',
    }),
  'GET /api/admin/orders/:orderId/dispute/evidence': (fx) =>
    json('GET', `/api/admin/orders/${fx.chargeBack.orderId}/dispute/evidence`),
  'GET /api/admin/orders/:orderId/dispute/evidence.pdf': (fx) =>
    json('GET', `/api/admin/orders/${fx.chargeBack.orderId}/dispute/evidence.pdf`),
  'GET /api/admin/disputes/due-count': () => json('GET', '/api/admin/disputes/due-count'),
  'GET /api/admin/dispute-report': () => json('GET', '/api/admin/dispute-report'),
  'GET /api/admin/dispute-profiles': () => json('GET', '/api/admin/dispute-profiles'),
  'PUT /api/admin/dispute-profiles': () =>
    json('PUT', '/api/admin/dispute-profiles', {
      Visa: { maxPages: 50, maxBytes: 2097152 },
      Mastercard: { maxPages: 19, maxBytes: 1048576 },
      Amex: { maxPages: 20, maxBytes: 5242880 },
      Discover: { maxPages: 20, maxBytes: 1048576 },
      Other: { maxPages: 19, maxBytes: 1048576 },
    }),

  'POST /api/admin/get-country-order-count': () =>
    json('POST', '/api/admin/get-country-order-count', { fromDate: '2025-01-01', toDate: '2025-12-31' }),
  'POST /api/admin/get-processed-by-count': () => json('POST', '/api/admin/get-processed-by-count', {}),

  'GET /api/admin/get-team-member-list': () => json('GET', '/api/admin/get-team-member-list'),
  'GET /api/admin/get-team-member-type': () => json('GET', '/api/admin/get-team-member-type'),
  'GET /api/admin/team-member-info/:id': (fx) => json('GET', `/api/admin/team-member-info/${fx.updateVictim.id}`),
  'POST /api/admin/add-team-member': () =>
    json('POST', '/api/admin/add-team-member', {
      name: 'New Member',
      email: `new.${unique()}@example.com`,
      password: 'rata-rata-1',
      type: 'Team',
    }),
  'POST /api/admin/update-team-member': (fx) =>
    json('POST', '/api/admin/update-team-member', {
      name: fx.updateVictim.name,
      email: fx.updateVictim.email,
      password: '',
      type: 'Team',
      tmId: fx.updateVictim.id,
    }),
  'PUT /api/admin/delete-team-member': (fx) =>
    json('PUT', '/api/admin/delete-team-member', { teamMemberId: fx.deleteVictim.id }),
  'GET /api/admin/track-lock/:orderId': (fx) => json('GET', `/api/admin/track-lock/${fx.completed.orderId}`),
  'DELETE /api/admin/track-lock/:orderId': (fx) => json('DELETE', `/api/admin/track-lock/${fx.completed.orderId}`),
  'PUT /api/admin/unlock-team-member': (fx) =>
    json('PUT', '/api/admin/unlock-team-member', { teamMemberId: fx.updateVictim.id }),
  'PUT /api/admin/reset-team-member-mfa': (fx) =>
    json('PUT', '/api/admin/reset-team-member-mfa', { teamMemberId: fx.updateVictim.id }),
  'GET /api/admin/payment-gateways': () => json('GET', '/api/admin/payment-gateways'),
  'POST /api/admin/payment-gateway-setting': (fx) =>
    json('POST', '/api/admin/payment-gateway-setting', { gatewayId: fx.gatewayId }),

  'GET /api/admin/settings': () => json('GET', '/api/admin/settings'),
  'PUT /api/admin/settings': () => json('PUT', '/api/admin/settings', VALID_SETTINGS),
  'GET /api/admin/audit': () => json('GET', '/api/admin/audit?page=1&perPage=10'),

  'POST /api/front/track-order': (fx) =>
    json('POST', '/api/front/track-order', { orderId: String(fx.completed.orderId), email: 'wrong@example.com' }),
  'POST /api/front/get-download-history': (fx) =>
    json('POST', '/api/front/get-download-history', { orderId: String(fx.completed.orderId) }),
  'POST /api/front/download-passport-doc-pdf': (fx) =>
    json('POST', '/api/front/download-passport-doc-pdf', {
      orderId: String(fx.completed.orderId),
      customername: 'customer',
      file1: fx.completed.file1,
      timezone: 'Pacific/Auckland',
    }),
  'GET /api/front/documents/:file1': (fx) => json('GET', `/api/front/documents/${fx.completed.file1}`),
  'POST /api/intake/orders': () =>
    json('POST', '/api/intake/orders', toIntakeBody(buildApplication(), `sec-${unique()}`)),
  'POST /api/webhooks/sendgrid': () =>
    json('POST', '/api/webhooks/sendgrid', [{ event: 'delivered', timestamp: 1, sg_event_id: 'unsigned' }]),
  'POST /api/webhooks/ses': () => json('POST', '/api/webhooks/ses', { Type: 'Notification', MessageId: 'unsigned' }),
  'POST /api/intake/disputes': (fx) =>
    json('POST', '/api/intake/disputes', {
      disputeId: `dp_sec_${unique()}`,
      orderId: fx.chargeBack.orderId,
      network: 'Visa',
      reasonCode: '10.4',
      amount: '79.00',
      currency: 'NZD',
    }),
};

export const VALID_SETTINGS = {
  company: {
    name: 'NZeTA Services Ltd',
    addressLines: ['1 Queen Street', 'Auckland 1010'],
    phone: '+64 9 000 0000',
    email: 'office@example.com',
    website: 'https://www.example.com',
  },
  support: { phone: '+64 9 000 0001', email: 'support@example.com' },
  productTitle: 'New Zealand Electronic Travel Authority (NZeTA)',
  requireMfa: false,
};

/** Sends a route request as a principal would: a staff token, or nothing. */
export async function send(
  t: TestApp,
  request: RouteRequest,
  credentials: Record<string, string> = {},
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  const headers = { ...(request.headers ?? {}), ...credentials };
  if (request.isStream) {
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      payloadAsStream: true,
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });
    const stream = response.stream();
    // An event stream stays open: the status and headers are the answer; the rest is hung up.
    let body = '';
    if (response.statusCode !== 200) for await (const chunk of stream) body += String(chunk);
    stream.destroy();
    return { statusCode: response.statusCode, headers: response.headers, body };
  }
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  return { statusCode: response.statusCode, headers: response.headers, body: response.body };
}

/** Prints one of the numbers the README's security section quotes. */
export function report(line: string): void {
  console.info(`[security] ${line}`);
}
