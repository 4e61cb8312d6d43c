import { randomInt } from 'node:crypto';
import { ERROR_CODES } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import { seal } from '../../lib/secret-box';
import type { StaffPrincipal } from '../../plugins/authentication';
import { isMfaRequired } from '../settings';
import { lockedError, lockedUntil, refuseWrongCode } from './account-lock';
import { verifyTotpForMember } from './mfa';

const ISSUER = 'NZeTA Back Office';
const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: recovery codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const WRONG_CODE = ERROR_CODES.WRONG_CODE.message;

export interface MfaStatus {
  enabled: boolean;
  /** set up but not confirmed with a first code yet */
  pending: boolean;
  recoveryCodesLeft: number;
  /** the Admin's policy: every member must use two-step verification */
  required: boolean;
}

async function loadMember(db: DbOrTx, id: number) {
  const [member] = await db
    .select({
      id: staff.id,
      name: staff.name,
      email: staff.email,
      mfaSecret: staff.mfaSecret,
      mfaEnabled: staff.mfaEnabled,
      mfaLastStep: staff.mfaLastStep,
      recoveryCodes: staff.recoveryCodes,
    })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  if (!member) throw unauthorized();
  return member;
}

export async function getMfaStatus(db: DbOrTx, memberId: number): Promise<MfaStatus> {
  const [member, required] = await Promise.all([loadMember(db, memberId), isMfaRequired(db)]);
  return {
    enabled: member.mfaEnabled,
    pending: !member.mfaEnabled && !!member.mfaSecret,
    recoveryCodesLeft: member.mfaEnabled ? member.recoveryCodes.length : 0,
    required,
  };
}

/** A member signing in must set up two-step verification first when the policy asks for it. */
export async function needsMfaSetup(db: DbOrTx, memberId: number): Promise<boolean> {
  const status = await getMfaStatus(db, memberId);
  return status.required && !status.enabled;
}

/** Starts enrolment: a new secret, pending until the member confirms it with a code. */
export async function setupMfa(
  db: DbOrTx,
  config: Config,
  actor: StaffPrincipal,
): Promise<{ secret: string; otpauthUrl: string; qrDataUrl: string }> {
  const member = await loadMember(db, actor.id);
  if (member.mfaEnabled) throw conflict('Two-step verification is already on. Turn it off first to set it up again.');
  const secret = authenticator.generateSecret(20);
  const otpauthUrl = authenticator.keyuri(member.email, ISSUER, secret);
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  await db
    .update(staff)
    .set({ mfaSecret: seal(secret, config.mfaKey), mfaEnabled: false, mfaLastStep: null, recoveryCodes: [] })
    .where(eq(staff.id, member.id));
  return { secret, otpauthUrl, qrDataUrl };
}

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}

/** Confirms enrolment with a first code; answers the recovery codes, shown this once only. */
export async function enableMfa(
  db: DbOrTx,
  config: Config,
  actor: StaffPrincipal,
  code: string,
  ip: string,
): Promise<string[]> {
  const member = await loadMember(db, actor.id);
  if (member.mfaEnabled) throw conflict('Two-step verification is already on.');
  if (!member.mfaSecret) throw badRequest('Please start the set-up first.', 'REQUEST_REFUSED');
  // Recovery codes do not count here: the point is to prove the app produces codes.
  const until = await lockedUntil(db, member.id);
  if (until) throw lockedError(until, config);
  if (!(await verifyTotpForMember(db, { ...member, recoveryCodes: [] }, code, config.mfaKey))) {
    throw await refuseWrongCode(db, config, member, ip);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  await db.update(staff).set({ mfaEnabled: true, recoveryCodes: hashes }).where(eq(staff.id, member.id));
  await writeAudit(db, { actorId: actor.id, actorName: actor.name, action: 'mfa-enabled', ip });
  return codes;
}

/**
 * Checks a fresh code of an enrolled member before a sensitive change (turning two-step
 * verification off, a new password): a stolen session alone is not enough. Wrong codes count
 * toward the sign-in lock, and a locked account checks none.
 */
export async function assertFreshCode(
  db: DbOrTx,
  config: Config,
  memberId: number,
  code: string | undefined,
  ip: string,
): Promise<void> {
  const member = await loadMember(db, memberId);
  if (!member.mfaEnabled) return;
  const until = await lockedUntil(db, member.id);
  if (until) throw lockedError(until, config);
  if (!code) throw badRequest('Please enter the code from your authenticator app.');
  if (!(await verifyTotpForMember(db, member, code, config.mfaKey))) {
    throw await refuseWrongCode(db, config, member, ip);
  }
}

/** Turns two-step verification off; needs a current code or a recovery code. */
export async function disableMfa(
  db: DbOrTx,
  config: Config,
  actor: StaffPrincipal,
  code: string,
  ip: string,
): Promise<void> {
  const member = await loadMember(db, actor.id);
  if (!member.mfaEnabled) throw badRequest('Two-step verification is not on.', 'REQUEST_REFUSED');
  await assertFreshCode(db, config, member.id, code, ip);
  await db
    .update(staff)
    .set({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null, recoveryCodes: [] })
    .where(eq(staff.id, member.id));
  await writeAudit(db, { actorId: actor.id, actorName: actor.name, action: 'mfa-disabled', ip });
}
