import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../config';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` })
    .max(256, { error: 'Password must be at most 256 characters long' }),
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, { error: 'Display name is required' })
    .max(100, { error: 'Display name must be at most 100 characters long' }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const requestResetBodySchema = z.object({ email });
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'Invalid reset token' }).min(1, { error: 'Invalid reset token' }),
  newPassword: z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, { error: 'Password must be at least 6 characters long' })
    .max(256, { error: 'Password must be at most 256 characters long' }),
});
