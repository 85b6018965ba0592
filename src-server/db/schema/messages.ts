import { createdAt, ts, uuidId } from './columns';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { MESSAGE_STATUSES } from '../../../src/contract/support';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Mail waiting for the delivery worker, and what is left of it afterwards. Requests only write rows here (in the
 * same transaction as their own work); the worker claims due rows, sends them over SMTP, and then drops the body,
 * so a delivered mail keeps only its recipient, subject and status.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuidId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The body; null once the mail is delivered or has finally failed. */
    text: text('text'),
    html: text('html'),
    replyTo: text('reply_to'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending mail is not tried before this time (exponential backoff after a failure). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** The worker sending it; a 'sending' row whose lease ran out is claimed again. */
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidId(),
    type: text('type', { enum: ['contact', 'support'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** Relative to DATA_DIR; a generated name, never the uploader's. */
    screenshotPath: text('screenshot_path'),
    screenshotType: text('screenshot_type'),
    screenshotSize: integer('screenshot_size'),
    createdAt: createdAt(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('open'),
    /** The operator who last resolved or reopened the message, and when. */
    handledBy: text('handled_by'),
    handledAt: ts('handled_at'),
  },
  (t) => [
    // The upload retention job looks for old messages that still hold a screenshot; the inbox lists newest first.
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt),
    // The inbox searches name, email and message with ILIKE '%term%', as the users list does.
    index('contact_messages_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contact_messages_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('contact_messages_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
