// Plain code, no zod: the sign-in screen uses this too, and zod must stay out of the browser bundles' hot path.

const BASE = 'http://local.invalid';

/**
 * True for a path on this site, such as `/dashboard/settings?tab=1`: it starts with a single `/`, and no
 * browser could read it as another host. `//evil.example` and `/\evil.example` are protocol-relative in
 * browsers, tabs and newlines are dropped by URL parsers (so `/\t/evil.example` becomes `//evil.example`),
 * and anything with a scheme (`https:`, `javascript:`) is not a path at all.
 */
export function isLocalPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}
