import { createdAt, ts, uuidId } from './columns';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './users';

/** Session tokens are never stored: only their SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidId(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** The hard cap: created_at + SESSION_TTL_DAYS, however often the session is used. */
    expiresAt: ts('expires_at').notNull(),
    /**
     * When a request last presented this token, written at most once a minute; a session unused for
     * SESSION_IDLE_DAYS ends before its cap.
     */
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  // No index on last_used_at: it changes every minute of use, and only the occasional purge filters by it.
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidId(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The short-lived half of a Google sign-in between the redirect out and the callback. */
export const oauthStates = pgTable('oauth_states', {
  id: uuidId(),
  stateHash: text('state_hash').notNull().unique(),
  /** Hash of the httpOnly cookie set on the browser that started the flow, so a callback from another browser fails. */
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The local page the user was on when they started (checked at the start); null means /dashboard. */
  returnTo: text('return_to'),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * The Google callback's one-time code: the browser comes back with it in the address bar and trades it for a
 * session token with a POST, so no session token ever travels in a URL. Stored as a hash, single use, and
 * valid for a minute.
 */
export const googleHandOffs = pgTable('google_hand_offs', {
  codeHash: text('code_hash').primaryKey(),
  userId: ownerId(),
  expiresAt: ts('expires_at').notNull(),
});
