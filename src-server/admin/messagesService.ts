import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { InboxMessage, MessageStatus } from '../../src/contract/support';
import type { AppContext } from '../context';
import { contactMessages, type ContactMessageRow } from '../db/schema';
import { lockedMessage } from '../db/lockedRows';
import { notFound } from '../errors';
import { existingId, uuidsOf } from '../ids';
import { screenshotImage } from '../contact/imageType';
import { screenshotKey } from '../contact/contactService';
import { withinPixelLimit } from '../media/pixelLimit';
import { likePattern } from './userRows';
import type { SortKey } from '../../src/contract/adminLists';
import { alwaysPaged, isAscending, sortBy, sortMap, type ListQuery } from './listParams';
import { idIn } from './sqlRows';
import { audited, type Actor } from './audited';

export interface MessageFilters {
  type?: 'contact' | 'support';
  status?: MessageStatus;
  search?: string;
  ids?: string[];
}

/** Sort keys of the inbox; the nullable ones sort their empty values last. */
type SortColumn = { column: PgColumn; nullable?: true };
const SORTS = sortMap<'messages', Record<SortKey<'messages'>, SortColumn>>('messages', {
  createdAt: { column: contactMessages.createdAt },
  name: { column: contactMessages.name },
  email: { column: contactMessages.email },
  type: { column: contactMessages.type },
  status: { column: contactMessages.status },
  handledAt: { column: contactMessages.handledAt, nullable: true },
  handledBy: { column: contactMessages.handledBy, nullable: true },
  id: { column: contactMessages.id },
});

export function toInboxMessage(row: ContactMessageRow): InboxMessage {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    message: row.message,
    hasScreenshot: row.screenshotPath !== null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    handledBy: row.handledBy ?? null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** The inbox's filters; search matches name, email or message through their trigram indexes. */
export function messageWhere(f: MessageFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.type) conds.push(eq(contactMessages.type, f.type));
  if (f.status) conds.push(eq(contactMessages.status, f.status));
  const term = f.search?.trim();
  if (term) {
    const p = likePattern(term);
    conds.push(
      or(ilike(contactMessages.name, p), ilike(contactMessages.email, p), ilike(contactMessages.message, p)),
    );
  }
  if (f.ids) conds.push(idIn(sql`${contactMessages.id}`, uuidsOf(f.ids)));
  return and(...conds);
}

/** GET /admin/messages: one page, newest first unless another sort key is given, and the matching total. */
export async function listMessages(
  ctx: AppContext,
  f: MessageFilters,
  params: ListQuery,
): Promise<{ messages: InboxMessage[]; total: number }> {
  const where = messageWhere(f);
  const { column, nullable } = sortBy(SORTS, params.sort, 'createdAt');
  const dir = isAscending(params) ? 'asc' : 'desc';
  const ordered = nullable
    ? sql`${column} ${sql.raw(dir)} nulls last`
    : dir === 'asc'
      ? asc(column)
      : desc(column);
  const { limit, offset } = alwaysPaged(params);
  const list = await ctx.db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(ordered, desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(where);
  return { messages: list.map(toInboxMessage), total: Number(n) };
}

/** GET /admin/messages/{id}: one message, for the console's detail view. */
export async function getMessage(ctx: AppContext, id: string): Promise<InboxMessage> {
  const [row] = await ctx.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, existingId(id, 'Message')));
  if (!row) throw notFound('Message not found');
  return toInboxMessage(row);
}

/** PATCH /admin/messages/{id}: resolve or reopen, recording who did it and when, with its audit record. */
export async function setMessageStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  status: MessageStatus,
): Promise<InboxMessage> {
  const messageId = existingId(id, 'Message');
  const at = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const old = await lockedMessage(tx, messageId);
    const [updated] = await tx
      .update(contactMessages)
      .set({ status, handledBy: actor.email, handledAt: at })
      .where(eq(contactMessages.id, messageId))
      .returning();
    await audited(tx, actor, {
      at,
      action: 'message.status',
      targetType: 'message',
      targetId: messageId,
      summary: `${status === 'resolved' ? 'Resolved' : 'Reopened'} the ${old.type} message from ${old.name} <${old.email}>`,
      before: {
        status: old.status,
        handledBy: old.handledBy,
        handledAt: old.handledAt?.toISOString() ?? null,
      },
      after: { status, handledBy: actor.email, handledAt: at.toISOString() },
    });
    return updated;
  });
  return toInboxMessage(row);
}

/**
 * The screenshot stored with a message, read from the uploads store (never from a public path), with the image type its
 * bytes prove. 404 when the message has none, its file is gone (the retention job), or it is not a whole image;
 * also when it declares more pixels than an upload may (one stored before the limit), which the console's image
 * would try to decode.
 */
export async function messageScreenshot(
  ctx: AppContext,
  id: string,
): Promise<{ bytes: Buffer; type: 'image/png' | 'image/jpeg' }> {
  const [row] = await ctx.db
    .select({ path: contactMessages.screenshotPath })
    .from(contactMessages)
    .where(eq(contactMessages.id, existingId(id, 'Message')));
  if (!row) throw notFound('Message not found');
  const none = notFound('This message has no screenshot');
  if (!row.path) throw none;
  // A stored path can never point the read outside the uploads store.
  const key = screenshotKey(row.path);
  if (!key) throw none;
  // Missing bytes (the retention job) read as none; a store that fails answers 500, not a false 'none'.
  const bytes = await ctx.uploads.get(key);
  const image = bytes && screenshotImage(bytes);
  if (!bytes || !image) throw none;
  if (!withinPixelLimit(image))
    throw notFound(
      'This screenshot is larger than 20,000 pixels on a side or 50 megapixels and is not shown.',
    );
  return { bytes, type: image.type };
}
