import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { bearer, registerUser, type TestApp } from './harness';
import { adminSession } from './adminHarness';
import { aiUsageEvents, modelPrices, posts, users } from '../../src-server/db/schema';
import { PRICE_ROWS } from '../../src-server/admin/aiCatalogue';
import { postSizeBytes } from '../../src-server/ext/postSize';

/** An account of the given plan, signed in; `flagged` suspends it as the abuse check would. */
export async function aiUser(
  t: TestApp,
  opts: { plan?: 'free' | 'premium'; flagged?: boolean } = {},
): Promise<{ id: string; token: string; headers: Record<string, string> }> {
  const { token, email } = await registerUser(t.app);
  const [row] = await t.db
    .update(users)
    .set({ plan: opts.plan ?? 'premium', flaggedForAbuse: opts.flagged ?? false })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row.id, token, headers: bearer(token) };
}

let urlCounter = 0;
/** A saved post of the user, written straight to the table (the posts API is not what is under test). */
export async function savedPost(
  t: TestApp,
  userId: string,
  fields: {
    text?: string;
    author?: string;
    tags?: string[];
    category?: string | null;
    ageMinutes?: number;
  } = {},
): Promise<string> {
  urlCounter += 1;
  const post = {
    url: `https://x.com/someone/status/${Date.now()}${urlCounter}`,
    author: fields.author ?? '@someone',
    text: fields.text ?? 'A thread about building developer tools as a small startup.',
    tags: fields.tags ?? [],
    category: fields.category ?? null,
  };
  const sizeBytes = postSizeBytes(post);
  const [row] = await t.db
    .insert(posts)
    .values({
      userId,
      platform: 'x',
      ...post,
      sizeBytes,
      createdAt: new Date(t.clock.now().getTime() - (fields.ageMinutes ?? 0) * 60_000),
    })
    .returning({ id: posts.id });
  // Counted as the posts API counts it, so tags the AI saves move storage from a true total.
  await t.db
    .update(users)
    .set({ storageUsed: sql`${users.storageUsed} + ${sizeBytes}` })
    .where(eq(users.id, userId));
  return row.id;
}

export const postRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(posts).where(eq(posts.id, id)))[0];

export const usageRows = (t: TestApp, userId: string) =>
  t.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, userId)).orderBy(aiUsageEvents.id);

export const allUsageCount = async (t: TestApp) => (await t.db.select().from(aiUsageEvents)).length;

/** The prices the demo seed writes. */
export async function seedPrices(t: TestApp): Promise<void> {
  await t.db.insert(modelPrices).values(PRICE_ROWS).onConflictDoNothing();
}

/** POST /api/ext/ai/{task} as the user. */
export const askAi = (
  t: TestApp,
  headers: Record<string, string>,
  task: string,
  body: Record<string, unknown> | string = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ext/ai/${task}`,
    headers: typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: body,
  });

/** The operator sets a task's provider and model in the console, as the AI Provider Settings page does. */
export async function configureTask(
  t: TestApp,
  admin: Awaited<ReturnType<typeof adminSession>>,
  taskType: string,
  provider: string,
  model: string | null = null,
): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/ai-config',
    headers: admin.headers,
    payload: { taskType, provider, model },
  });
  if (res.statusCode !== 200) throw new Error(`configure failed: ${res.statusCode} ${res.body}`);
}

/** Log lines the app writes, to check what they leave out. */
export function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
