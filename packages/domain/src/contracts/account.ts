import { z } from 'zod';
import { ROLES } from '../roles';
import { changePasswordInput, forgotPasswordInput, loginInput, resetPasswordInput, sessionUser } from '../schemas/auth';
import { auditQuery, mfaCodeInput, settingsInput } from '../schemas/settings';
import { deleteTeamMemberInput, gatewaySettingInput, teamMemberInput, updateTeamMemberInput } from '../schemas/team';
import { answer, contract, createdAnswer, emptyAnswer, get, getWith, isoText, post, postEmpty, put } from './contract';

/** Sign-in, the member's own account and two-step verification. */

export const signInData = z.object({ user: sessionUser, mfaSetupRequired: z.boolean().optional() });
export const signIn = post('/admin/admin-login', loginInput, answer(signInData, { jwtToken: z.string().optional() }));
export const userInfo = get('/user_info', answer(z.object({ user: sessionUser })));
export const changePassword = post('/admin/change-password', changePasswordInput, emptyAnswer);
export const logout = postEmpty('/admin/logout', emptyAnswer);
export const forgotPassword = post('/admin/forgot-password', forgotPasswordInput, emptyAnswer);
export const resetPassword = post('/admin/reset-password', resetPasswordInput, emptyAnswer);

export const mfaStatusData = z.object({
  enabled: z.boolean(),
  /** set up but not confirmed with a first code yet */
  pending: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** the Admin's policy: every member must use two-step verification */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusData>;
export const mfaStatus = get('/admin/mfa/status', answer(mfaStatusData));
export const mfaSetupData = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupData>;
export const mfaSetup = postEmpty('/admin/mfa/setup', answer(mfaSetupData));
export const mfaEnable = post(
  '/admin/mfa/enable',
  mfaCodeInput,
  answer(z.object({ recoveryCodes: z.array(z.string()) })),
);
export const mfaDisable = post('/admin/mfa/disable', mfaCodeInput, emptyAnswer);

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

export const teamMemberList = get('/admin/get-team-member-list', answer(z.array(teamListRow), { total: z.number() }));
export const teamMemberTypes = get('/admin/get-team-member-type', answer(z.array(z.enum(ROLES))));
export const teamMemberInfo = getWith('/admin/team-member-info/:id', memberIdParams, answer(teamMemberData));
export const addTeamMember = post('/admin/add-team-member', teamMemberInput, createdAnswer);
export const updateTeamMember = post('/admin/update-team-member', updateTeamMemberInput, emptyAnswer);
export const deleteTeamMember = put(
  '/admin/delete-team-member',
  deleteTeamMemberInput,
  answer(z.object({ releasedOrders: z.number() })),
);
export const unlockTeamMember = put('/admin/unlock-team-member', deleteTeamMemberInput, emptyAnswer);
export const resetTeamMemberMfa = put('/admin/reset-team-member-mfa', deleteTeamMemberInput, emptyAnswer);

/** A payment gateway (SPEC §3): '1' marks the active one. */
export const gatewayData = z.object({ id: z.number(), gateway_name: z.string(), is_active: z.enum(['1', '0']) });
export type Gateway = z.infer<typeof gatewayData>;
export const paymentGateways = get('/admin/payment-gateways', answer(z.array(gatewayData), { total: z.number() }));
export const setPaymentGateway = post('/admin/payment-gateway-setting', gatewaySettingInput, emptyAnswer);

/** The Admin's settings as stored (the output of the form's schema). */
/** The company as letters, invoices and defence packs print it. */
export const companyData = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
});
export const settingsData = z.object({
  company: companyData,
  support: z.object({ phone: z.string(), email: z.string() }),
  productTitle: z.string(),
  requireMfa: z.boolean(),
  autoMailFallback: z.boolean(),
  sla: z.object({ priorityHours: z.number(), standardHours: z.number() }).optional(),
});
export const getSettings = get('/admin/settings', answer(settingsData));
export const saveSettings = put('/admin/settings', settingsInput, answer(settingsData));

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
