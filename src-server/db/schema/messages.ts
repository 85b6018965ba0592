import { pgTable, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mail that was sent, or that waits here when no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  error: text('error'),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type', { enum: ['contact', 'support'] }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** Relative to DATA_DIR; a generated name, never the uploader's. */
  screenshotPath: text('screenshot_path'),
  screenshotType: text('screenshot_type'),
  screenshotSize: integer('screenshot_size'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
