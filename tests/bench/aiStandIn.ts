import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src-server/db/connect';
import { posts, users } from '../../src-server/db/schema';
import { ROOT } from '../fixtures/localServer';

/**
 * Starts the OpenAI stand-in in a process of its own, so its work does not count against the app's event loop,
 * and returns the variables that point the app at it: spread `env` into loadConfig (or the server's environment).
 * Every AI task then goes to OpenAI's default model unless the console says otherwise.
 */
export async function startOpenAiStandIn(): Promise<{ env: Record<string, string>; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/openAiStandInMain.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`OpenAI stand-in exited (${code})`)));
  });
  return { env: JSON.parse(firstLine), stop: () => void child.kill('SIGTERM') };
}

/**
 * A Premium account with one saved post, and the request that auto-tags it: each call runs the whole path (plan
 * rule, post lookup, config read, provider call, tags saved and usage metered in one transaction).
 */
export async function autoTaggingRequest(app: FastifyInstance, db: Db) {
  const email = `bench-ai-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'bench-password-1', displayName: 'Bench AI' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const [user] = await db
    .update(users)
    .set({ plan: 'premium' })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  const [post] = await db
    .insert(posts)
    .values({
      userId: user.id,
      platform: 'linkedin',
      url: `https://www.linkedin.com/posts/bench-${user.id}`,
      author: 'Bench Author',
      text: 'Five lessons from running a small SaaS company on a single server for three years.',
      sizeBytes: 200,
    })
    .returning({ id: posts.id });
  return {
    method: 'POST' as const,
    url: '/api/ext/ai/auto-tagging',
    headers: { authorization: `Bearer ${res.json().token}` },
    payload: { postId: post.id },
  };
}
