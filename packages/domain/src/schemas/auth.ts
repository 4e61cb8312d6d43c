import { z } from 'zod';
import { ROLES } from '../roles';
import { emailAddress, requiredText } from './common';

export const loginInput = z.object({
  email: emailAddress('Email Address is required', 'Invalid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long.'),
  /** One-time code from an authenticator app, when the account has one. */
  otp: z.string().trim().max(20).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const changePasswordInput = z.object({
  newPassword: z
    .string({ error: 'Please enter your New Password.' })
    .min(1, 'Please enter your New Password.')
    .min(6, 'New Password must be at least 6 characters.')
    .max(256, 'New Password must be at most 256 characters.'),
  /** a current one-time code; required of members with two-step verification only */
  code: z.string().trim().max(40, 'The code is not valid. Please try again.').optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const forgotPasswordInput = z.object({
  email: loginInput.shape.email,
});
export const resetPasswordInput = z.object({
  token: requiredText('The reset link is not valid.', 200),
  newPassword: changePasswordInput.shape.newPassword,
});

export const sessionUser = z.object({ id: z.number(), name: z.string(), type: z.enum(ROLES) });
export type SessionUser = z.infer<typeof sessionUser>;
