import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { adminSession, aiUser, type AdminSession, type AiUser } from './fixtures';
import type { FakeAi } from '../fixtures/fakeAiServer';
import type { BuildOptions } from '../../src-server/app';
import { aiUsageEvents, modelPrices, posts, users } from '../../src-server/db/schema';
import { PRICE_ROWS } from '../../src-server/admin/aiCatalogue';
import { postSizeBytes } from '../../src-server/ext/postSize';

type StandIn = FakeAi & { env: Record<string, string> };

/**
 * The app the tests share, its AI providers pointed at the given local stand-ins (each named by its starter),
 * with the demo prices, an operator and a premium user. Each test begins with the stand-ins' queues and
 * request logs emptied.
 */
export function sharedAiApp<S extends Record<string, () => Promise<StandIn>>>(
  starters: S,
  opts: {
    env?: Record<string, string>;
    extra?: Partial<Omit<BuildOptions, 'config' | 'db'>>;
    prices?: boolean;
  } = {},
) {
  const stands = Object.fromEntries(Object.keys(starters).map((name) => [name, {}])) as {
    [K in keyof S]: Awaited<ReturnType<S[K]>>;
  };
  const all = () => Object.values(stands) as StandIn[];
  const t = {} as TestApp;
  const admin = {} as AdminSession;
  const user = {} as AiUser;
  beforeAll(async () => {
    await Promise.all(
      Object.entries(starters).map(async ([name, start]) => Object.assign(stands[name], await start())),
    );
    const env = Object.assign({ AI_TIMEOUT_MS: '1500' }, ...all().map((stand) => stand.env), opts.env);
    Object.assign(t, await startTestApp(env, opts.extra));
    if (opts.prices !== false) await seedPrices(t);
    Object.assign(admin, await adminSession(t));
    Object.assign(user, await aiUser(t));
  });
  afterAll(async () => {
    await t.close?.();
    await Promise.all(all().map((stand) => stand.close()));
  });
  beforeEach(() => {
    for (const stand of all()) stand.reset();
  });
  return { t, admin, user, stands };
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

/** The tasks that read a user's saved posts, each with a body it accepts. */
export const READING_TASKS = [
  ['search', { query: 'anything' }],
  ['recommendations', {}],
  ['analytics', {}],
] as const;

/** Each task (the reading ones unless named), asked with its body, is refused with `status` and a message the extension shows. */
export async function expectEachRefused(
  t: TestApp,
  headers: Record<string, string>,
  status: number,
  message: RegExp,
  asks: readonly (readonly [string, Record<string, unknown>])[] = READING_TASKS,
): Promise<void> {
  for (const [task, body] of asks) {
    const res = await askAi(t, headers, task, body);
    expect(res.statusCode, task).toBe(status);
    expect(res.json().message).toMatch(message);
  }
}

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
