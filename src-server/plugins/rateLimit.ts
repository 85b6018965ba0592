import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from '../clock';
import { HttpError } from '../errors';
import { rateLimitAddress } from '../net/rateLimitAddress';

/** Counts hits per key in fixed windows. In memory for one process; Redis when processes share limits. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Whether the shared store answers within `timeoutMs`; absent for the in-memory store, which has none. */
  ping?(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface MemoryStoreOptions {
  /** Beyond this many live counters the oldest are dropped, so a flood of distinct keys cannot exhaust memory. */
  maxKeys?: number;
}

const SWEEP_EVERY_MS = 60_000;

export function memoryRateLimitStore(
  clock: Clock,
  { maxKeys = 200_000 }: MemoryStoreOptions = {},
): RateLimitStore {
  // Map order is insertion order, so the first entries are the oldest windows.
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      // Expired windows are swept at most once a minute: a scan per request would let a flood of keys cost O(n) each.
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + SWEEP_EVERY_MS;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        windows.delete(key);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        for (const oldest of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(oldest);
        }
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async close() {
      windows.clear();
    },
  };
}

// One round trip: count, start the window on the first hit, and report what is left of it.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

export interface RedisStoreOptions {
  /** Counts while Redis cannot be reached, so an outage never turns sign-in into a server error. */
  fallback?: RateLimitStore;
  /** Told once per outage, and again when Redis answers after one. */
  onStatus?: (event: 'unreachable' | 'recovered', err?: Error) => void;
}

export function redisRateLimitStore(
  url: string,
  prefix = 'pk:rl:',
  { fallback = memoryRateLimitStore(systemClock), onStatus = logStatus }: RedisStoreOptions = {},
): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  let down = false;
  // Connection errors are answered through the fallback; without a listener ioredis would print each retry.
  redis.on('error', () => undefined);
  return {
    async hit(key, windowMs) {
      // During a known outage, skip the reconnect wait until Redis is back.
      if (down && redis.status !== 'ready') return fallback.hit(key, windowMs);
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [
          number,
          number,
        ];
        if (down) {
          down = false;
          onStatus('recovered');
        }
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      } catch (err) {
        if (!down) {
          down = true;
          onStatus('unreachable', err as Error);
        }
        return fallback.hit(key, windowMs);
      }
    },
    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answer = redis.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      else redis.disconnect();
      await fallback.close();
    },
  };
}

function logStatus(event: 'unreachable' | 'recovered', err?: Error): void {
  const line =
    event === 'unreachable'
      ? { level: 'warn', msg: 'rate limits: Redis unreachable, counting in memory', err: err?.message }
      : { level: 'info', msg: 'rate limits: Redis reachable again' };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

export interface RateRule {
  /** Names the counter, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowMs: number;
  /** The part of the request this rule counts by; null skips the rule. */
  key: (request: FastifyRequest) => string | null;
  /** The refusal's first sentence, naming what was refused; 'Too many attempts.' unless set. */
  tooMany?: string;
}

/** The client's address as TRUST_PROXY resolves it, IPv6 grouped by its /64. */
export const byIp = (request: FastifyRequest) => rateLimitAddress(request.ip);
/** The email of a JSON body, trimmed and lower-cased as the services store it; null without one. */
const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};
export const byIpAndEmail = (request: FastifyRequest) => {
  const email = emailOf(request);
  return email === null ? null : `${byIp(request)}|${email}`;
};
/** One account, whichever addresses the attempts come from. */
export const byEmail = emailOf;
/** The signed-in account, whichever addresses its requests come from; null when nobody is signed in. */
export const byAccount = (request: FastifyRequest) => request.user?.id ?? null;

/** A preHandler that answers 429 with Retry-After once any rule's window is full. */
export function rateLimit(rules: RateRule[]): preHandlerAsyncHookHandler {
  return async function (request) {
    const { rateLimits, config } = this.ctx;
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === null) continue;
      const { count, resetInMs } = await rateLimits.hit(`${rule.name}:${key}`, rule.windowMs);
      if (count > rule.max * config.RATE_LIMIT_SCALE) {
        this.ctx.metrics.rateLimited.inc({ rule: rule.name });
        const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
        const tooMany = rule.tooMany ?? 'Too many attempts.';
        throw new HttpError(429, `${tooMany} Please try again in ${describeWait(seconds)}.`, {
          'Retry-After': String(seconds),
        });
      }
    }
  };
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const MINUTE = 60_000;
const AI_TOO_MANY = 'Too many AI requests.';
/** The product's limits, per the request's IP and, for sign-in and reset, the email too; for AI, the account. */
export const RATE_RULES = {
  // Per address first: once an address is refused, its further attempts open no new per-email counters.
  // The per-email limit across addresses stops a password being guessed from many machines; it is three
  // times the per-address one so the owner's own typos on a few networks do not lock them out.
  login: [
    { name: 'login-ip', max: 100, windowMs: 15 * MINUTE, key: byIp },
    { name: 'login-ip-email', max: 10, windowMs: 15 * MINUTE, key: byIpAndEmail },
    { name: 'login-email', max: 30, windowMs: 15 * MINUTE, key: byEmail },
  ],
  register: [{ name: 'register-ip', max: 10, windowMs: 60 * MINUTE, key: byIp }],
  resetRequest: [
    { name: 'reset-ip', max: 20, windowMs: 60 * MINUTE, key: byIp },
    { name: 'reset-ip-email', max: 3, windowMs: 60 * MINUTE, key: byIpAndEmail },
    // Many addresses cannot flood one inbox with reset mails either.
    { name: 'reset-email', max: 6, windowMs: 60 * MINUTE, key: byEmail },
  ],
  resetPassword: [{ name: 'reset-use-ip', max: 20, windowMs: 15 * MINUTE, key: byIp }],
  contact: [{ name: 'contact-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }],
  googleStart: [{ name: 'google-start-ip', max: 30, windowMs: 10 * MINUTE, key: byIp }],
  googleExchange: [{ name: 'google-exchange-ip', max: 30, windowMs: 10 * MINUTE, key: byIp }],
  // The extension asks on every save (Pro: tags and a category, two requests), so a person saving a post every
  // few seconds stays under the account's minute; the reasoning is in docs/product.md (AI limits and budgets).
  // Per account first: the requests an account is refused then do not count against its address, which others
  // behind the same network share.
  ai: [
    { name: 'ai-account-minute', max: 30, windowMs: MINUTE, key: byAccount, tooMany: AI_TOO_MANY },
    { name: 'ai-account-hour', max: 600, windowMs: 60 * MINUTE, key: byAccount, tooMany: AI_TOO_MANY },
    { name: 'ai-ip-minute', max: 120, windowMs: MINUTE, key: byIp, tooMany: AI_TOO_MANY },
  ],
  // The library's edits (tags, bulk deletes) are made by hand, a held-down key included; per account, so a script
  // cannot churn an account's rows and storage counters without end. Deleting everything is rarer still.
  libraryEdit: [
    {
      name: 'library-edit-account',
      max: 120,
      windowMs: MINUTE,
      key: byAccount,
      tooMany: 'Too many changes.',
    },
  ],
  deleteAll: [
    {
      name: 'delete-all-account',
      max: 5,
      windowMs: 60 * MINUTE,
      key: byAccount,
      tooMany: 'Too many requests.',
    },
  ],
} satisfies Record<string, RateRule[]>;
