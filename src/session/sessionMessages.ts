/** docs/product.md#auth-texts auth texts. */
export const SESSION_TEXT = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  noToken: 'No token received',
  profileFailed: 'Failed to fetch user profile',
  googleFailed: 'Failed to initiate Google login',
} as const;
