import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ADMIN_EMAILS, SUPPORT_EMAIL } from '../src/config';
import { parseTrustProxy, TRUST_PROXY_FORMS } from './net/trustProxy';
import { redactEnvValue } from './configRedaction';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url({ error: 'must be a URL' }).optional());
const switchValue = z.enum(['0', '1', 'true', 'false', ''], { error: 'must be 0, 1, true or false' });
const bool = switchValue.optional().transform((v) => v === '1' || v === 'true');
/** A switch whose default depends on other settings: undefined when not set. */
const maybeBool = switchValue
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));
const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().positive().default(fallback);
const positiveNumber = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).positive().default(fallback);
const emailList = (fallback: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : fallback.join(',')))
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of emails' })).min(1));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  /**
   * The address to listen on. Unset: 127.0.0.1 (this machine only), or 0.0.0.0 under NODE_ENV=production, where
   * a proxy or another machine connects; deploy/postkeeper.service and docs/deploy.md set it explicitly.
   */
  HOST: optionalString,
  DATA_DIR: z.string().default('./data'),
  /** The built web app to serve; `npm run build` writes it to dist/client unless CLIENT_DIR says otherwise. */
  CLIENT_DIR: optionalString,
  /** The built extension (dist/extension unless EXTENSION_DIR says otherwise): the start banner says where it is. */
  EXTENSION_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
      .optional(),
  ),
  /** Starts every key the server writes to Redis, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('pk:rl:'),
  WEB_URL: optionalUrl,
  API_URL: optionalUrl,
  ADMIN_EMAILS: emailList(ADMIN_EMAILS),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default(SUPPORT_EMAIL),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.string().default('Postkeeper <no-reply@postkeeper.app>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url({ error: 'must be a URL' }).default('https://accounts.google.com'),
  /** The longest a session lives, however often it is used. */
  SESSION_TTL_DAYS: positiveInt(30),
  /** A session nobody used for this many days ends before its cap. */
  SESSION_IDLE_DAYS: positiveInt(14),
  /** Multiplies every rate limit; tests and demos raise it, production keeps 1. */
  RATE_LIMIT_SCALE: positiveNumber(1),
  /** Proxies whose X-Forwarded-For is believed: a hop count, or their addresses and CIDRs; unset: none. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
        return z.NEVER;
      }
      return trust;
    }),
  /** The Swagger UI at /api/docs: on by default outside production, off in production unless 1. */
  API_DOCS: maybeBool,
  SEED_DEMO: bool,
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, { error: 'must be a Stripe secret key (sk_… or rk_…)' })
      .optional(),
  ),
  STRIPE_PRICE_ID: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests point the Stripe SDK at a local fake with this (host:port, http). */
  STRIPE_API_BASE: optionalUrl,
  /**
   * Which billing provider runs: `stripe`, or `local`, the embedded test checkout where card 4242… pays. Unset:
   * Stripe when STRIPE_SECRET_KEY is set, else the embedded one outside production and none in production.
   */
  BILLING_PROVIDER: optionalString.pipe(
    z.enum(['stripe', 'local'], { error: 'must be stripe or local' }).optional(),
  ),
  /** Days a past_due subscription keeps Premium, counted from when its payment failed. */
  BILLING_PAST_DUE_GRACE_DAYS: positiveInt(7),
  ABUSE_TOKENS_30D: positiveInt(2_000_000),
  ABUSE_STORAGE_GB: positiveNumber(5),
  ABUSE_COST_DOLLAR: positiveNumber(5),
  STORAGE_COST_PER_GB_MONTH: positiveNumber(0.023),
  /** AI provider keys (secrets). A provider without a key is "not configured": its requests go to openai. */
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GEMINI_API_KEY: optionalString,
  /** Self-hosted or proxied endpoints; tests point them at local stand-ins. Unset: each provider's own API. */
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_BASE_URL: optionalUrl,
  GEMINI_BASE_URL: optionalUrl,
  /** Deadline of one provider call; a request that falls back may take two of them. */
  AI_TIMEOUT_MS: positiveInt(30_000),
  /**
   * Tokens one account may use on AI requests per UTC day, by plan (Free; Pro, 'premium' in code). Sized for a heavy
   * but honest day: 200 saves of posts at the 4,000-character cap (docs/product.md, AI limits and budgets).
   */
  AI_DAILY_TOKENS_FREE: positiveInt(250_000),
  AI_DAILY_TOKENS_PREMIUM: positiveInt(750_000),
  /** Audit log records older than this many days are deleted by the audit-retention job. */
  AUDIT_RETENTION_DAYS: positiveInt(365),
  /**
   * A secret for monitoring: GET /api/healthz with `Authorization: Bearer <HEALTH_TOKEN>` answers the database,
   * Redis and job details an operator's session sees; anyone else gets the status only. Unset: operators only.
   */
  HEALTH_TOKEN: optionalString.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (a random secret)' }).optional(),
  ),
  /**
   * Object storage for media and support screenshots (docs/deploy.md, Object storage). Unset S3_BUCKET: files
   * under DATA_DIR. S3_ENDPOINT and S3_FORCE_PATH_STYLE point it at MinIO, R2 and the like; the credentials are
   * the standard AWS variables, or the SDK's own chain (instance role, profile) when those are unset.
   */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      })
      .optional(),
  ),
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_FORCE_PATH_STYLE: bool,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * On SIGTERM, how long the process keeps answering the requests on its open connections before it cuts them
   * (docs/deploy.md, rolling deploys). Below systemd's 90 s stop timeout and a container's usual 30 s.
   */
  SHUTDOWN_GRACE_MS: positiveInt(25_000),
  /**
   * Prometheus metrics (docs/deploy.md, metrics) are off unless one of these is set. METRICS_TOKEN serves
   * GET /api/metrics to `Authorization: Bearer <METRICS_TOKEN>`; METRICS_PORT serves /metrics on a listener of
   * its own, bound to METRICS_HOST (this machine unless widened), for a network only Prometheus reaches.
   */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (a random secret)' }).optional(),
  ),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

export type Env = z.infer<typeof envSchema>;
export interface AppConfig extends Omit<Env, 'HOST'> {
  /** HOST, or its default for NODE_ENV. */
  HOST: string;
  /** The web app's origin, used in emails and redirects (never the Host header). */
  webUrl: string;
  /** The API's public base URL, ending in /api. */
  apiUrl: string;
  /** Whether /api/docs is served: API_DOCS, or by default everywhere but production. */
  apiDocs: boolean;
  /** The absolute folder of the built web app. */
  clientDir: string;
  /** The absolute folder of the built extension, to load unpacked. */
  extensionDir: string;
  /** The billing provider in use (BILLING_PROVIDER, or chosen from the other settings); null: billing is off. */
  billingProvider: 'stripe' | 'local' | null;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    // The value helps find the mistake, but a config error reaches terminals and log collectors: no secrets.
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${redactEnvValue(name, env[name] ?? '')})`,
    );
  }
  const cfg = parsed.data;
  const webUrl = (cfg.WEB_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, '');
  const apiUrl = (cfg.API_URL ?? `${webUrl}/api`).replace(/\/$/, '');
  const apiDocs = cfg.API_DOCS ?? cfg.NODE_ENV !== 'production';
  const clientDir = cfg.CLIENT_DIR
    ? resolve(cfg.CLIENT_DIR)
    : fileURLToPath(new URL('../dist/client', import.meta.url));
  const extensionDir = cfg.EXTENSION_DIR
    ? resolve(cfg.EXTENSION_DIR)
    : fileURLToPath(new URL('../dist/extension', import.meta.url));
  const billingProvider =
    cfg.BILLING_PROVIDER ??
    (cfg.STRIPE_SECRET_KEY ? 'stripe' : cfg.NODE_ENV === 'production' ? null : 'local');
  // Stripe without its price or webhook secret cannot sell, or never learns of a payment.
  if (billingProvider === 'stripe' && (cfg.BILLING_PROVIDER || cfg.NODE_ENV === 'production')) {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const).find(
      (name) => !cfg[name],
    );
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} must be set to bill with Stripe`);
  }
  checkObjectStorage(cfg, env);
  const HOST = cfg.HOST ?? (cfg.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  return { ...cfg, HOST, webUrl, apiUrl, apiDocs, clientDir, extensionDir, billingProvider };
}

/** Object storage settings that cannot work together; the errors name variables, never their values. */
function checkObjectStorage(cfg: Env, env: Record<string, string | undefined>): void {
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  if (!cfg.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const).find((n) => env[n]?.trim());
    if (stray) fail(`S3_BUCKET must be set to store media in object storage (${stray} is set)`);
    return;
  }
  // Credentials belong in their variables, where logs and error messages know to hide them.
  if (cfg.S3_ENDPOINT && new URL(cfg.S3_ENDPOINT).username)
    fail('S3_ENDPOINT must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  if (cfg.AWS_ACCESS_KEY_ID && !cfg.AWS_SECRET_ACCESS_KEY)
    fail('AWS_SECRET_ACCESS_KEY must be set with AWS_ACCESS_KEY_ID');
  if (cfg.AWS_SECRET_ACCESS_KEY && !cfg.AWS_ACCESS_KEY_ID)
    fail('AWS_ACCESS_KEY_ID must be set with AWS_SECRET_ACCESS_KEY');
}
