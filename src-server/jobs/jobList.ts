import { purgeExpiredSessions } from '../auth/sessions';
import { purgeStaleAuthLinks } from '../auth/purgeAuthLinks';
import { advanceSubscriptions } from '../billing/localBilling';
import { endPastDueGrace } from '../billing/planSync';
import { purgeBillingPages } from '../billing/pageSessions';
import { purgeOldUploads } from '../contact/uploadRetention';
import { pruneAuditLog } from '../admin/auditRetention';
import { ABUSE_CHECK_JOB, abuseCheckJob } from '../admin/abuseCheck';
import { MAIL_JOB } from '../mail/outbox';
import { deliverOutbox } from '../mail/outboxWorker';
import { advanceUsageWindow } from '../usage/usageWindow';
import type { JobDefinition } from './jobRunner';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const JOB_NAMES = {
  mail: MAIL_JOB,
  sessions: 'session-purge',
  authLinks: 'auth-link-purge',
  uploads: 'upload-retention',
  billing: 'billing-sweep',
  audit: 'audit-retention',
  abuse: ABUSE_CHECK_JOB,
  usageWindow: 'usage-window',
} as const;

/** Every background job of the server (mail, purges, retention, billing sweep, usage window, abuse check). Each runs once per schedule across all API processes. */
export const JOBS: readonly JobDefinition[] = [
  {
    // Requests nudge it right after queuing mail; the schedule catches retries and other processes' mail.
    name: JOB_NAMES.mail,
    everyMs: 15_000,
    leaseMs: 2 * MINUTE,
    run: async (ctx, stopping) => {
      await deliverOutbox(ctx, ctx.jobs.owner, stopping);
    },
  },
  {
    name: JOB_NAMES.sessions,
    everyMs: HOUR,
    leaseMs: 10 * MINUTE,
    run: async (ctx) => {
      await purgeExpiredSessions(ctx, { idleDays: ctx.config.SESSION_IDLE_DAYS });
    },
  },
  {
    // One-time links that can never work again: reset links, Google sign-ins, and the embedded billing pages.
    name: JOB_NAMES.authLinks,
    everyMs: HOUR,
    leaseMs: 10 * MINUTE,
    run: async (ctx) => {
      await purgeStaleAuthLinks(ctx);
      await purgeBillingPages(ctx);
    },
  },
  {
    name: JOB_NAMES.uploads,
    everyMs: 6 * HOUR,
    leaseMs: 10 * MINUTE,
    run: async (ctx) => {
      await purgeOldUploads(ctx);
    },
  },
  {
    name: JOB_NAMES.audit,
    everyMs: 6 * HOUR,
    leaseMs: 10 * MINUTE,
    run: async (ctx) => {
      await pruneAuditLog(ctx);
    },
  },
  {
    // The embedded provider's renewals and period-end cancellations for users who do not come back (reads
    // advance a user's own subscription too, so this only catches idle ones), and the end of Premium for any
    // provider's subscription past due beyond its grace period.
    name: JOB_NAMES.billing,
    everyMs: MINUTE,
    leaseMs: 10 * MINUTE,
    run: async (ctx) => {
      await advanceSubscriptions(ctx);
      await endPastDueGrace(ctx);
    },
  },
  {
    // Moves the console's 30-day usage window on soon after midnight UTC, so the roll-forward is done before an
    // operator's first read of the day waits for it, and carries on a roll a stopped process left.
    name: JOB_NAMES.usageWindow,
    everyMs: 5 * MINUTE,
    leaseMs: 15 * MINUTE,
    run: async (ctx) => {
      await advanceUsageWindow(ctx.db, ctx.clock.now());
    },
  },
  {
    // Daily, and whenever an operator asks (POST /api/admin/abuse/check claims this job's lease). Not on a new
    // database's first start: the demo data's suspicious users are there for an operator to review.
    name: JOB_NAMES.abuse,
    everyMs: DAY,
    leaseMs: 15 * MINUTE,
    firstRunAfterMs: DAY,
    run: abuseCheckJob,
  },
];
