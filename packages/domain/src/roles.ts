export const ROLES = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const ALL: readonly Role[] = ROLES;

/**
 * What each role may do, enforced by the server (DESIGN §3); the menu only mirrors it.
 * Every staff route names exactly one of these permissions.
 */
export const PERMISSIONS = {
  /** folders, search, detail, comments, status change, assign, upload, resend, invoice, country report */
  'orders.work': ALL,
  'orders.history': ['Admin', 'Manager', 'Team', 'Night Staff'],
  'reports.processed': ['Admin', 'Manager'],
  'orders.delete': ['Admin', 'Manager'],
  'orders.deleteMine': ['Admin'],
  'orders.erase': ['Admin'],
  'orders.refund': ALL,
  /** restore from Deleted, move a refunded order out of Refunds, release or reassign others' claims */
  'orders.restore': ['Admin', 'Manager'],
  'orders.reassign': ['Admin', 'Manager'],
  'team.manage': ['Admin', 'Manager'],
  'gateways.manage': ['Admin', 'Manager'],
  'settings.manage': ['Admin'],
  'audit.read': ['Admin'],
  'account.self': ALL,
  /** edit a dispute: every role that may move an order to ChargeBack */
  'disputes.edit': ALL,
  /** record a dispute's outcome (won, lost, accepted) */
  'disputes.outcome': ['Admin', 'Manager'],
  /** the Disputes report: amounts won and lost */
  'reports.disputes': ['Admin', 'Manager'],
  /** lift a sign-in lock (DESIGN §3: unlock an account) */
  'account.unlock': ['Admin', 'Manager'],
  /** reset another member's two-step verification (they set it up again) */
  'mfa.reset': ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** A Manager manages the team but may not create, edit or delete an Admin (DESIGN §3). */
export function canManageMember(actorRole: string, memberRole: string): boolean {
  if (!can(actorRole, 'team.manage')) return false;
  return actorRole === 'Admin' || memberRole !== 'Admin';
}
