import { z } from 'zod';
import { ROLES } from '../roles';
import { emailAddress, requiredText } from './common';

const memberType = z.enum(ROLES, { error: 'Please select type.' });
/** A staff id: a PostgreSQL integer, so out-of-range numbers are refused before the query. */
const memberId = z.coerce
  .number({ error: 'Team member not found.' })
  .int('Team member not found.')
  .positive('Team member not found.')
  .max(2_147_483_647, 'Team member not found.');

export const teamMemberInput = z.object({
  name: requiredText('Please enter your name.', 100).refine(
    (v) => !/[\r\n\v\f\u0085\u2028\u2029<>]/.test(v),
    'Please enter a valid name.',
  ),
  email: emailAddress('Please enter your email.'),
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .min(6, 'Password must be at least 6 characters.')
    .max(256, 'Password must be at most 256 characters.'),
  type: z.preprocess((v) => (v === '' ? undefined : v), memberType),
});
export type TeamMemberInput = z.infer<typeof teamMemberInput>;

/** On edit the password may be left empty to keep the current one. */
export const updateTeamMemberInput = teamMemberInput.extend({
  password: z
    .string()
    .max(256, 'Password must be at most 256 characters.')
    .refine((v) => v === '' || v.length >= 6, 'Password must be at least 6 characters.')
    .optional()
    .default(''),
  tmId: memberId,
});
export type UpdateTeamMemberInput = z.infer<typeof updateTeamMemberInput>;

export const deleteTeamMemberInput = z.object({
  teamMemberId: memberId,
});

export const gatewaySettingInput = z.object({
  gatewayId: requiredText('Please select gateway.', 40),
});
/** The form's own field is gatewayName (SPEC §5). */
export const gatewayFormInput = z.object({ gatewayName: requiredText('Please select gateway.', 40) });
