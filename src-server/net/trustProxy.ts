import { isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address through X-Forwarded-For: none, the last N hops, or the
 * listed proxy addresses and CIDRs. Never "every hop": the left part of the header is whatever the client
 * sent, so trusting it would let anyone pick their own address and escape every rate limit.
 */
export type TrustProxy = false | number | string[];

// The named ranges proxy-addr (Fastify's address resolver) understands besides addresses and CIDRs.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_FORMS =
  'must be a hop count such as 1, or a comma-separated list of proxy addresses and CIDRs (e.g. 10.0.0.0/8)';

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; null when the value has none of the accepted forms. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.length > 0 && entries.every(isProxyEntry) ? entries : null;
}

/**
 * The value handed to Fastify. A hop count becomes a function: Fastify 5 reads a bare number as "trust
 * nothing", which would put every client behind the proxy into one rate-limit bucket. Trusting the nearest
 * N hops means the address is the one the outermost of our proxies appended, never one the client wrote.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
