import { PRODUCT_NAME } from '../../src/config';
import { WELCOME_TEXT } from '../layout/WelcomeNote';

/** docs/product.md#auth-texts texts of the sign-in, register and password screens. */
export const AUTH_TEXT = {
  loginTitle: 'Welcome back',
  loginSubtitle: 'Sign in to continue',
  registerTitle: 'Create Account',
  registerSubtitle: `Join ${PRODUCT_NAME} today`,
  welcome: WELCOME_TEXT,
  displayNameRequired: 'Display name is required',
  googleFailed: 'Failed to initiate Google login',
  forgotSuccess: "If an account with that email exists, we've sent you a password reset link.",
  forgotFailed: 'Failed to send reset email',
  networkError: 'Network error. Please try again.',
  resetFailed: 'An error occurred',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  invalidToken: 'Invalid reset token',
  missingToken: 'Invalid or missing reset token. Please request a new password reset.',
  redirecting: 'Redirecting to login in 3 seconds...',
} as const;
