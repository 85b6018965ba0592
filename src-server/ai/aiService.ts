import { eq } from 'drizzle-orm';
import type { AiRequest, AiResponse, AiResult, AiTaskType } from '../../src/contract/ai';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { aiConfigs, type UserRow } from '../db/schema';
import { badRequest, forbidden, HttpError } from '../errors';
import { DEFAULT_PROVIDER, isModelOf, isProvider, type TASK_TYPES } from '../admin/aiCatalogue';
import { setPostLabels } from '../ext/postsService';
import { aiAccess } from './aiAccess';
import { checkAiBudget } from './aiBudget';
import { defaultModel, type AiGateway, type ModelChoice } from './gateway';
import { promptFor } from './prompts';
import { parseAnswer, type LabelField } from './parseAnswer';
import { meterBilled } from './metering';
import { requestProblem, type TaskInput } from './taskInput';
import { asSample, libraryStats, ownPost, recentPosts } from './userPosts';

// The contract's task types are the catalogue's: this line stops compiling when the two lists drift apart.
type CatalogueTask = (typeof TASK_TYPES)[number]['id'];
const sameTasks: [CatalogueTask, AiTaskType] extends [AiTaskType, CatalogueTask] ? true : never = true;
void sameTasks;

/**
 * The provider and model the console's AI Provider Settings name for the task, read on every request so a
 * change applies to the next one on every process. No row or an unknown provider means the default provider and
 * model; a model the provider does not offer means that provider's default.
 */
export async function chosenModel(ctx: AppContext, taskType: string): Promise<ModelChoice> {
  const [row] = await ctx.db.select().from(aiConfigs).where(eq(aiConfigs.taskType, taskType)).limit(1);
  if (!row || !isProvider(row.provider))
    return { provider: DEFAULT_PROVIDER, model: defaultModel(DEFAULT_PROVIDER) };
  const provider = row.provider;
  return {
    provider,
    model: row.model && isModelOf(provider, row.model) ? row.model : defaultModel(provider),
  };
}

interface PreparedTask {
  input: TaskInput;
  /** Ids of the posts the model sees, numbered from 1 in the prompt. */
  postIds: string[];
  /** The post that auto-tagging or categorization writes its answer on. */
  saveOn?: string;
}

const NO_POSTS = 'There are no saved posts to look through yet. Save a few posts first.';

async function prepare(
  ctx: AppContext,
  userId: string,
  task: AiTaskType,
  body: AiRequest,
): Promise<PreparedTask> {
  switch (task) {
    case 'auto-tagging':
    case 'categorization': {
      if (!body.postId) return { input: { task, text: body.query! }, postIds: [] };
      const post = await ownPost(ctx, userId, body.postId);
      return {
        input: {
          task,
          text: post.text,
          platform: post.platform,
          author: post.author,
          authorHandle: post.authorHandle,
          title: post.title,
        },
        postIds: [],
        saveOn: post.id,
      };
    }
    case 'search': {
      const sample = await recentPosts(ctx, userId);
      if (!sample.length) throw badRequest(NO_POSTS);
      return { input: { task, query: body.query!, posts: sample }, postIds: sample.map((p) => p.id) };
    }
    case 'recommendations': {
      const about = body.postId ? await ownPost(ctx, userId, body.postId) : undefined;
      const sample = await recentPosts(ctx, userId, about?.id);
      if (!sample.length) throw badRequest(NO_POSTS);
      return {
        input: { task, about: about && asSample(about), interest: body.query, posts: sample },
        postIds: sample.map((p) => p.id),
      };
    }
    case 'analytics': {
      const sample = await recentPosts(ctx, userId);
      if (!sample.length) throw badRequest(NO_POSTS);
      const stats = await libraryStats(ctx, userId);
      return {
        input: { task, question: body.query, stats, posts: sample },
        postIds: sample.map((p) => p.id),
      };
    }
  }
}

/**
 * Runs one AI task for the user: the plan rule, the daily token budget, the task's input, the configured model (or
 * the fallback), then the answer saved on the post and the usage metered, in one transaction. A billed call whose
 * answer is not served (unusable, or late) is metered on its own before the fallback is asked; nothing else is
 * written when no provider serves the request.
 */
export async function runAiTask(
  ctx: AppContext,
  gateway: AiGateway,
  user: Pick<UserRow, 'id' | 'plan' | 'flaggedForAbuse'>,
  task: AiTaskType,
  body: AiRequest,
): Promise<AiResponse> {
  const access = aiAccess(user, task);
  if (!access.allowed) throw forbidden(access.message);
  const problem = requestProblem(task, body);
  if (problem) throw badRequest(problem);
  await checkAiBudget(ctx, user);
  const prepared = await prepare(ctx, user.id, task, body);
  const choice = await chosenModel(ctx, task);
  const served = await gateway.complete(
    choice,
    promptFor(prepared.input),
    (text, from) => readAnswer(ctx, { userId: user.id, task, from }, text, prepared.postIds),
    // A billed completion that is not served, in its own transaction: it stays metered when the request fails.
    (billed) =>
      ctx.db.transaction(async (tx) => {
        await meterBilled(tx as unknown as Db, { userId: user.id, task, at: ctx.clock.now() }, billed);
      }),
  );
  const at = ctx.clock.now();
  let refused: HttpError | null = null;
  const cost = await ctx.db.transaction(async (tx) => {
    if (prepared.saveOn) {
      const value = served.value;
      const labels =
        'tags' in value ? { tags: value.tags } : 'category' in value ? { category: value.category } : {};
      refused = await saveLabels(tx as unknown as Db, user.id, prepared.saveOn, labels, at);
    }
    return meterBilled(tx as unknown as Db, { userId: user.id, task, at }, served);
  });
  // The provider was paid either way, so the usage above is kept; only the labels were refused.
  if (refused) throw refused;
  return { result: served.value, provider: served.provider, model: served.model, usage: served.usage, cost };
}

/**
 * The model's answer read for its task. The labels it had to drop (tags or topics not in the tag form, categories
 * not on the list) are counted in one "rejected AI answer" log line per answer, never quoted: a post's text can
 * steer what the model writes.
 */
function readAnswer(
  ctx: AppContext,
  about: { userId: string; task: AiTaskType; from: ModelChoice },
  text: string,
  postIds: readonly string[],
): AiResult {
  const rejected: Partial<Record<LabelField, number>> = {};
  try {
    return parseAnswer(about.task, text, postIds, (field) => {
      rejected[field] = (rejected[field] ?? 0) + 1;
    });
  } finally {
    if (Object.keys(rejected).length)
      ctx.log.warn(
        {
          userId: about.userId,
          task: about.task,
          provider: about.from.provider,
          model: about.from.model,
          rejected,
        },
        'rejected AI answer',
      );
  }
}

/**
 * Saves the answer's tags or category through the posts service, so the post's size and the user's storage move
 * with them. In a savepoint: a post deleted while the model was answering gets nothing, and labels that would pass
 * the storage limit are refused, while the served request is still metered.
 */
async function saveLabels(
  tx: Db,
  userId: string,
  postId: string,
  labels: { tags?: string[]; category?: string | null },
  at: Date,
): Promise<HttpError | null> {
  try {
    await tx.transaction((sp) => setPostLabels(sp as unknown as Db, userId, postId, labels, at));
    return null;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    if (err instanceof HttpError && err.statusCode === 413) return err;
    throw err;
  }
}
