import { z } from 'zod';
import { ROLES } from '../roles';
import { changePasswordInput, forgotPasswordInput, loginInput, resetPasswordInput, sessionUser } from '../schemas/auth';
import { auditQuery, mfaCodeInput, settingsInput } from '../schemas/settings';
import { deleteTeamMemberInput, gatewaySettingInput, teamMemberInput, updateTeamMemberInput } from '../schemas/team';
import { answer, contract, emptyAnswer, isoText } from './contract';

/** Sign-in, the member's own account and two-step verification. */

export const signInData = z.object({ user: sessionUser, mfaSetupRequired: z.boolean().optional() });
export const signIn = contract({
  method: 'POST',
  path: '/admin/admin-login',
  body: loginInput,
  answer: answer(signInData, { jwtToken: z.string().optional() }),
});
export const userInfo = contract({
  method: 'GET',
  path: '/user_info',
  answer: answer(z.object({ user: sessionUser })),
});
export const changePassword = contract({
  method: 'POST',
  path: '/admin/change-password',
  body: changePasswordInput,
  answer: emptyAnswer,
});
export const logout = contract({ method: 'POST', path: '/admin/logout', answer: emptyAnswer });
export const forgotPassword = contract({
  method: 'POST',
  path: '/admin/forgot-password',
  body: forgotPasswordInput,
  answer: emptyAnswer,
});
export const resetPassword = contract({
  method: 'POST',
  path: '/admin/reset-password',
  body: resetPasswordInput,
  answer: emptyAnswer,
});

export const mfaStatusData = z.object({
  enabled: z.boolean(),
  /** set up but not confirmed with a first code yet */
  pending: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** the Admin's policy: every member must use two-step verification */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusData>;
export const mfaStatus = contract({ method: 'GET', path: '/admin/mfa/status', answer: answer(mfaStatusData) });
export const mfaSetupData = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupData>;
export const mfaSetup = contract({ method: 'POST', path: '/admin/mfa/setup', answer: answer(mfaSetupData) });
export const mfaEnable = contract({
  method: 'POST',
  path: '/admin/mfa/enable',
  body: mfaCodeInput,
  answer: answer(z.object({ recoveryCodes: z.array(z.string()) })),
});
export const mfaDisable = contract({
  method: 'POST',
  path: '/admin/mfa/disable',
  body: mfaCodeInput,
  answer: emptyAnswer,
});

/** Manage Team (SPEC §3 Team member): the password is a mask, never the real one. */
export const teamMemberData = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  password: z.string(),
  type: z.enum(ROLES),
  /** the list's name for type */
  memberRole: z.enum(ROLES),
  createdAt: isoText,
  /** when a sign-in lock ends; null when the account is not locked (the unlock button) */
  lockedUntil: isoText.nullable(),
  mfaEnabled: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberData>;
/** A row of the list: with the orders the member holds in My Orders, released on delete. */
export const teamListRow = teamMemberData.extend({ claimedOrders: z.number() });
export type TeamListRow = z.infer<typeof teamListRow>;

/** A staff id: a PostgreSQL integer, so out-of-range numbers are refused before the query. */
export const MEMBER_NOT_FOUND = 'Team member not found.';
export const memberIdParams = z.object({
  id: z.coerce
    .number({ error: MEMBER_NOT_FOUND })
    .int()
    .positive(MEMBER_NOT_FOUND)
    .max(2_147_483_647, MEMBER_NOT_FOUND),
});

export const teamMemberList = contract({
  method: 'GET',
  path: '/admin/get-team-member-list',
  answer: answer(z.array(teamListRow), { total: z.number() }),
});
export const teamMemberTypes = contract({
  method: 'GET',
  path: '/admin/get-team-member-type',
  answer: answer(z.array(z.enum(ROLES))),
});
export const teamMemberInfo = contract({
  method: 'GET',
  path: '/admin/team-member-info/:id',
  params: memberIdParams,
  answer: answer(teamMemberData),
});
export const addTeamMember = contract({
  method: 'POST',
  path: '/admin/add-team-member',
  body: teamMemberInput,
  answer: answer(z.object({ id: z.number() })),
});
export const updateTeamMember = contract({
  method: 'POST',
  path: '/admin/update-team-member',
  body: updateTeamMemberInput,
  answer: emptyAnswer,
});
export const deleteTeamMember = contract({
  method: 'PUT',
  path: '/admin/delete-team-member',
  body: deleteTeamMemberInput,
  answer: answer(z.object({ releasedOrders: z.number() })),
});
export const unlockTeamMember = contract({
  method: 'PUT',
  path: '/admin/unlock-team-member',
  body: deleteTeamMemberInput,
  answer: emptyAnswer,
});
export const resetTeamMemberMfa = contract({
  method: 'PUT',
  path: '/admin/reset-team-member-mfa',
  body: deleteTeamMemberInput,
  answer: emptyAnswer,
});

/** A payment gateway (SPEC §3): '1' marks the active one. */
export const gatewayData = z.object({ id: z.number(), gateway_name: z.string(), is_active: z.enum(['1', '0']) });
export type Gateway = z.infer<typeof gatewayData>;
export const paymentGateways = contract({
  method: 'GET',
  path: '/admin/payment-gateways',
  answer: answer(z.array(gatewayData), { total: z.number() }),
});
export const setPaymentGateway = contract({
  method: 'POST',
  path: '/admin/payment-gateway-setting',
  body: gatewaySettingInput,
  answer: emptyAnswer,
});

/** The Admin's settings as stored (the output of the form's schema). */
export const settingsData = z.object({
  company: z.object({
    name: z.string(),
    addressLines: z.array(z.string()),
    phone: z.string(),
    email: z.string(),
    website: z.string(),
  }),
  support: z.object({ phone: z.string(), email: z.string() }),
  productTitle: z.string(),
  requireMfa: z.boolean(),
  autoMailFallback: z.boolean(),
  sla: z.object({ priorityHours: z.number(), standardHours: z.number() }).optional(),
});
export const getSettings = contract({ method: 'GET', path: '/admin/settings', answer: answer(settingsData) });
export const saveSettings = contract({
  method: 'PUT',
  path: '/admin/settings',
  body: settingsInput,
  answer: answer(settingsData),
});

export const auditEntryData = z.object({
  id: z.number(),
  at: isoText,
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  outcome: z.enum(['ok', 'denied', 'failed']),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntryData>;
export const auditEntries = contract({
  method: 'GET',
  path: '/admin/audit',
  query: auditQuery,
  answer: answer(z.array(auditEntryData), { total: z.number() }),
});
