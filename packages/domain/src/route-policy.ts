import { PERMISSIONS, type Permission, ROLES, type Role } from './roles';

/**
 * Who may call a route:
 * - 'public': anyone, signed in or not;
 * - a Permission of PERMISSIONS: a signed-in member whose role holds it (DESIGN §3);
 * - 'visitor': a visitor token for the order named in the body (DESIGN §6);
 * - 'signed link': a short-lived signed download link, nothing else;
 * - 'intake': the application site's API key (DESIGN §8);
 * - 'webhook': a mail provider's signed delivery events (no staff token; the signature over the
 *   raw body is the credential, a request without a valid one answers 403);
 * - 'metrics token': the Prometheus scraper's METRICS_TOKEN; everyone else is answered 404.
 */
export type RouteAccess = 'public' | 'visitor' | 'signed link' | 'intake' | 'webhook' | 'metrics token' | Permission;

/**
 * The expected outcome of every API route, keyed 'METHOD /api/path' with Fastify's route pattern.
 * The security tests collect the routes of the running app and fail when one is missing here, when
 * this table names a route that does not exist, and when any principal gets further than this says.
 * HEAD routes follow their GET.
 */
export const ROUTE_POLICY = {
  // Before anyone signs in
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/metrics': 'metrics token',
  'GET /api/app-config': 'public',
  'POST /api/admin/admin-login': 'public',
  'POST /api/admin/forgot-password': 'public',
  'POST /api/admin/reset-password': 'public',

  // The signed-in member's own account
  'GET /api/user_info': 'account.self',
  'GET /api/docs': 'account.self',
  'POST /api/admin/change-password': 'account.self',
  'POST /api/admin/logout': 'account.self',
  'GET /api/admin/mfa/status': 'account.self',
  'POST /api/admin/mfa/setup': 'account.self',
  'POST /api/admin/mfa/enable': 'account.self',
  'POST /api/admin/mfa/disable': 'account.self',

  // Folders, lists and bulk actions
  'GET /api/admin/events': 'orders.work',
  'GET /api/admin/get-folder-count': 'orders.work',
  'GET /api/admin/get-orders-list/:orderName': 'orders.work',
  'POST /api/admin/search-order': 'orders.work',
  'GET /api/admin/export-orders.csv': 'orders.work',
  'GET /api/admin/get-future-order-count': 'orders.work',
  'PUT /api/admin/assign-order-status': 'orders.work',
  'PUT /api/admin/change-order-status': 'orders.work',
  'PUT /api/admin/move-order-status': 'orders.work',
  'PUT /api/admin/move-to-complete-refund': 'orders.refund',
  'PUT /api/admin/restore-orders': 'orders.restore',
  'PUT /api/admin/reassign-orders': 'orders.reassign',
  'GET /api/admin/dashboard': 'orders.work',
  'GET /api/admin/global-search': 'orders.work',

  // Order detail
  'GET /api/admin/get-orders-details/:orderId': 'orders.work',
  'POST /api/admin/add-new-remark': 'orders.work',
  'POST /api/admin/save-transaction-details': 'orders.work',
  'GET /api/admin/email-content/:orderId': 'orders.work',
  'POST /api/admin/upload-visa-document': 'orders.work',
  'POST /api/admin/resend-mail': 'orders.work',
  'POST /api/admin/resend-mail-fallback': 'orders.work',
  'GET /api/admin/documents/:orderId/:file1': 'orders.work',
  'POST /api/admin/get-defence-pack-pdf': 'orders.work',
  'POST /api/admin/defence-pack-details': 'orders.work',
  'POST /api/admin/send-invoice': 'orders.work',
  'GET /api/admin/track-lock/:orderId': 'orders.work',
  'DELETE /api/admin/track-lock/:orderId': 'orders.work',

  // Chargeback desk
  'GET /api/admin/orders/:orderId/dispute': 'orders.work',
  'PUT /api/admin/orders/:orderId/dispute': 'disputes.edit',
  'GET /api/admin/orders/:orderId/dispute/evidence': 'orders.work',
  'GET /api/admin/orders/:orderId/dispute/evidence.pdf': 'orders.work',
  'GET /api/admin/disputes/due-count': 'orders.work',
  'GET /api/admin/dispute-report': 'reports.disputes',
  'GET /api/admin/dispute-profiles': 'settings.manage',
  'PUT /api/admin/dispute-profiles': 'settings.manage',

  // Reports
  'POST /api/admin/get-country-order-count': 'orders.work',
  'POST /api/admin/get-processed-by-count': 'reports.processed',

  // Manage Team and Gateway Setting
  'GET /api/admin/get-team-member-list': 'team.manage',
  'GET /api/admin/get-team-member-type': 'team.manage',
  'GET /api/admin/team-member-info/:id': 'team.manage',
  'POST /api/admin/add-team-member': 'team.manage',
  'POST /api/admin/update-team-member': 'team.manage',
  'PUT /api/admin/delete-team-member': 'team.manage',
  'PUT /api/admin/unlock-team-member': 'account.unlock',
  'PUT /api/admin/reset-team-member-mfa': 'mfa.reset',
  'GET /api/admin/payment-gateways': 'gateways.manage',
  'POST /api/admin/payment-gateway-setting': 'gateways.manage',

  // Admin only
  'GET /api/admin/settings': 'settings.manage',
  'PUT /api/admin/settings': 'settings.manage',
  'GET /api/admin/audit': 'audit.read',

  // Visitors and the application site
  'POST /api/front/track-order': 'public',
  'POST /api/front/get-download-history': 'visitor',
  'POST /api/front/download-passport-doc-pdf': 'visitor',
  'GET /api/front/documents/:file1': 'signed link',
  'POST /api/intake/orders': 'intake',
  'POST /api/intake/disputes': 'intake',

  // Mail providers' delivery events
  'POST /api/webhooks/sendgrid': 'webhook',
  'POST /api/webhooks/ses': 'webhook',
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof ROUTE_POLICY;

/** Whether a staff member of this role (null: nobody signed in) may call a route of this access. */
export function isAllowed(access: RouteAccess, role: Role | null): boolean {
  if (access === 'public') return true;
  if (
    access === 'visitor' ||
    access === 'signed link' ||
    access === 'intake' ||
    access === 'webhook' ||
    access === 'metrics token'
  ) {
    return false;
  }
  return role !== null && (PERMISSIONS[access] as readonly Role[]).includes(role);
}

/** The roles a route admits: every role for 'public', none for visitor, link, intake and webhook routes. */
export function rolesAllowed(access: RouteAccess): readonly Role[] {
  return ROLES.filter((role) => isAllowed(access, role));
}
