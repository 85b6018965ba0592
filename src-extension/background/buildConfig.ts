// What the build wrote into this extension (src-extension/build/extensionBuildConfig.ts fills these
// import.meta.env values): the web app it belongs to and the API it calls. Each is read where it is used, so a
// unit test without a build gets the development defaults, the ones `npm start` serves.

/** The web app's origin: "Sign in" opens its /login, a 413's Upgrade link its /upgrade. */
export const WEB_URL: string = import.meta.env.VITE_WEB_URL || 'http://localhost:3000';

/** The API base (absolute, no trailing slash). A session handed over by the web app brings its own apiUrl. */
export const API_URL: string = import.meta.env.VITE_API_URL || `${WEB_URL}/api`;

/** The web app's origins, exact: only these may hand over a session or send LOGOUT (sender.origin). */
export const WEB_ORIGINS: readonly string[] = (import.meta.env.VITE_WEB_ORIGINS || WEB_URL)
  .split(',')
  .map((origin: string) => origin.trim())
  .filter(Boolean);

/** A development build also accepts the web app on http://localhost and http://127.0.0.1 at any port. */
export const DEVELOPMENT_BUILD: boolean =
  (import.meta.env.VITE_EXTENSION_MODE || 'development') !== 'production';

/** Whether a message's sender.origin is the web app's, as this build allows. */
export function isWebAppOrigin(origin: string | undefined): boolean {
  if (!origin) return false;
  if (WEB_ORIGINS.includes(origin)) return true;
  if (!DEVELOPMENT_BUILD) return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  } catch {
    return false;
  }
}
