import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../config';

/** A string field whose message says "required" when it is absent and `wrongType` when it is something else. */
const text = (required: string, wrongType: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrongType) });

const email = text('Email is required', 'Email must be a valid email address')
  .trim()
  .toLowerCase()
  // RFC 5321 caps an address at 254 characters; longer input is never a real mailbox.
  .max(254, { error: 'Email must be at most 254 characters long' })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

const password = (required: string) => text(required, 'Password must be text');

/** The message for a body that is missing or not a JSON object, naming the fields expected. */
const body = <S extends z.core.$ZodLooseShape>(shape: S, fields: string) =>
  z.object(shape, { error: `Send a JSON object with ${fields}.` });

export const loginBodySchema = body(
  {
    email,
    // Capped like register and reset: no stored password is longer, and hashing megabytes costs CPU.
    password: password('Password is required')
      .min(1, { error: 'Password is required' })
      .max(256, { error: 'Password must be at most 256 characters long' }),
  },
  'email and password',
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = body(
  {
    email,
    password: password('Password is required')
      .min(MIN_PASSWORD_LENGTH, {
        error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      })
      .max(256, { error: 'Password must be at most 256 characters long' }),
    displayName: text('Display name is required', 'Display name must be text')
      .trim()
      .min(1, { error: 'Display name is required' })
      .max(100, { error: 'Display name must be at most 100 characters long' }),
  },
  'email, password and displayName',
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The one-time code the Google callback puts in `auth_token`, traded for a session token. */
export const googleExchangeBodySchema = body(
  {
    code: text('Code is required', 'Code must be text')
      .min(1, { error: 'Code is required' })
      .max(512, { error: 'This sign-in has expired. Please continue with Google again.' }),
  },
  'code',
);

export const requestResetBodySchema = body({ email }, 'email');
export type RequestResetBody = z.infer<typeof requestResetBodySchema>;
export const resetPasswordBodySchema = body(
  {
    // Tokens are 43 characters; anything far longer is not one of ours.
    token: text('Invalid reset token', 'Invalid reset token')
      .min(1, { error: 'Invalid reset token' })
      .max(512, { error: 'Invalid reset token' }),
    newPassword: password('Password is required')
      .min(MIN_PASSWORD_LENGTH, {
        error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      })
      .max(256, { error: 'Password must be at most 256 characters long' }),
  },
  'token and newPassword',
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
