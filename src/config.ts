// Brand constants and the timings of docs/product.md#constants-and-timings. Pure data: the server reads it too, so no browser APIs here.

export const PRODUCT_NAME = 'Postkeeper';
/** The extension's one-line description (its manifest and store listing; Chrome allows 132 characters). */
export const EXTENSION_DESCRIPTION =
  'Save posts from X, LinkedIn, Reddit, Instagram and Pinterest in one click, organized by AI. No sign-up needed.';
/**
 * The id of the extension built from this repository (src-extension/extensionKey.ts: Chrome derives the id of an
 * unpacked extension from its manifest's key), so `npm start` and loading dist/extension unpacked work together
 * with no other step. A production build names the store's id in VITE_EXTENSION_ID.
 */
export const DEFAULT_EXTENSION_ID = 'lmibpnjnijhijcmdkmidjkmpenfaiekc';

/** A build-time variable of the web app (Vite's import.meta.env); undefined on the server. */
function buildEnv(name: 'VITE_API_URL' | 'VITE_API_STYLE' | 'VITE_EXTENSION_ID'): string | undefined {
  // Written as `import.meta.env` so Vite replaces it at build time; Node (the server) has no env there.
  const env = import.meta.env as Record<string, string | undefined> | undefined;
  return env?.[name]?.trim() || undefined;
}

/**
 * The extension the web app talks to: VITE_EXTENSION_ID at build time (the published extension's id), else the
 * id of the extension this repository builds. The store link and the dashboard URL follow it.
 */
export const EXTENSION_ID: string = buildEnv('VITE_EXTENSION_ID') ?? DEFAULT_EXTENSION_ID;
export const EXTENSION_STORE_URL = `https://chromewebstore.google.com/detail/postkeeper/${EXTENSION_ID}`;
export const EXTENSION_DASHBOARD_URL = `chrome-extension://${EXTENSION_ID}/dashboard.html`;
export const SUPPORT_EMAIL = 'support@postkeeper.app';
/**
 * The server's default for ADMIN_EMAILS (one address). The web app never reads it: the landing page's admin
 * redirect follows the role that /auth/me reports, which the server derives from its configured list.
 */
export const ADMIN_EMAILS: readonly string[] = ['admin@example.com'];

export const FOUNDER = {
  name: 'Maya Lindqvist',
  links: [
    { label: 'X', href: 'https://x.com/postkeeperapp' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/postkeeper' },
    { label: 'GitHub', href: 'https://github.com/postkeeper' },
  ],
} as const;

export const PLANS = {
  free: { name: 'Free', price: '$0', storageBytes: 1024 ** 3, storageLabel: '1 GB' },
  premium: { name: 'Pro', price: '$8.99', storageBytes: 10 * 1024 ** 3, storageLabel: '10 GB', trialDays: 7 },
} as const;

export const TIMINGS = {
  contactAutoCloseMs: 2000,
  resetRedirectMs: 3000,
  extensionRedirectMs: 2000,
  abuseCheckRefreshMs: 30_000,
  bannerMs: 5000,
  extensionTimeoutMs: 1500,
  /** How long Logout waits for the server to end the session before it signs out this browser anyway. */
  logoutTimeoutMs: 3000,
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const USAGE_WINDOW_DAYS = 30;
export const DEFAULT_AI_PROVIDER = 'openai';

/** Where the web app sends API calls: same origin by default, or VITE_API_URL for a separate API host. */
export const API_BASE: string = buildEnv('VITE_API_URL') ?? '/api';
/**
 * How the API at API_BASE answers the console's lists: `simple-rest` (ours: one page, the total in X-Total-Count),
 * or `spec` (VITE_API_STYLE=spec: whole arrays such as {users: […]}, as the product spec's backend answers).
 */
export type ApiStyle = 'simple-rest' | 'spec';
export const API_STYLE: ApiStyle = buildEnv('VITE_API_STYLE') === 'spec' ? 'spec' : 'simple-rest';
