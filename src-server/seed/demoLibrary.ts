import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import { users } from '../db/schema';
import type { SavePost } from '../../src/contract/ext';
import { MAX_MEDIA_BYTES, POST_PLATFORMS, type PostPlatform } from '../../src/contract/ext';
import { savePosts, setPostLabels } from '../ext/postsService';
import { attachMedia, type MediaItem } from '../ext/mediaService';
import { seededRandom } from './random';

const MB = 1024 ** 2;
const TOPICS = [
  ['Ten prompts that changed how I write product specs', ['ai', 'writing'], 'Productivity'],
  ['Our seed round deck, slide by slide', ['startups', 'fundraising'], 'Business'],
  ['A gentle introduction to vector databases', ['databases', 'ai'], 'Technology'],
  ['How we cut our cloud bill by 40%', ['devops', 'costs'], 'Technology'],
  ['Reading list: research methods for UX', ['research', 'ux'], 'Design'],
  ['Small kitchen, big flavour: 5 weeknight recipes', ['food', 'recipes'], 'Lifestyle'],
  ['The thread on pricing pages that everyone bookmarks', ['pricing', 'marketing'], 'Business'],
  ['Notes from a year of building in public', ['founders', 'community'], 'Business'],
  ['Mood board: calm workspace ideas', ['design', 'interiors'], 'Design'],
  ['Study plan for the statistics final', ['study', 'statistics'], 'Education'],
] as const;
const AUTHORS = [
  ['Maya Lindqvist', 'mayalindqvist'],
  ['Dev Patel', 'devpatel'],
  ['Rosa Costa', 'rosacosta'],
  ['Hiro Tanaka', 'hirotanaka'],
  ['Kemi Okafor', 'kemiokafor'],
  ['Jonas Fischer', 'jonasfischer'],
] as const;

/** A demo post's address, and the author's handle as each platform writes it (LinkedIn and a web page show none). */
function demoPlace(
  platform: PostPlatform,
  slug: string,
  path: string,
): { url: string; authorHandle: string } {
  switch (platform) {
    case 'x':
      return { url: `https://x.com/${slug}/status/${path}`, authorHandle: `@${slug}` };
    case 'reddit':
      return { url: `https://www.reddit.com/r/demo/comments/${path}/`, authorHandle: `u/${slug}` };
    case 'linkedin':
      return { url: `https://www.linkedin.com/posts/${slug}_${path}`, authorHandle: '' };
    case 'instagram':
      return { url: `https://www.instagram.com/p/${path}/`, authorHandle: `@${slug}` };
    case 'pinterest':
      return { url: `https://www.pinterest.com/pin/${path}/`, authorHandle: `@${slug}` };
    case 'web':
      return { url: `https://blog.example.com/${slug}/${path}`, authorHandle: '' };
  }
}

/**
 * Saved posts and media for the demo users, through the extension API's services, so storage_used is what
 * their posts and media really add up to. Each user gets close to `targets[email]` bytes, mostly as media
 * sizes (demo media have sizes and no bytes on disk). A user whose target is past their plan's limit saved
 * it while their limit was higher (a downgrade later), so the abuse rules still find a few over the limit.
 * Users who already have posts are left alone.
 */
export async function seedDemoLibrary(db: Db, clock: Clock, targets: Map<string, number>): Promise<void> {
  const rnd = seededRandom(777001);
  const now = clock.now().getTime();
  const all = await db
    .select({ id: users.id, email: users.email, limit: users.storageLimit })
    .from(users)
    .where(sql`not exists (select 1 from posts where posts.user_id = users.id)`)
    .orderBy(users.email);
  for (const u of all) {
    const target = targets.get(u.email) ?? 0;
    const showcase = u.email.endsWith('@example.com');
    const count = showcase ? 18 : rnd.int(1, 4);
    const inputs: { post: SavePost; at: Date; topic: (typeof TOPICS)[number] }[] = Array.from(
      { length: count },
      (_, i) => {
        const topic = rnd.pick(TOPICS);
        const platform = rnd.pick(POST_PLATFORMS);
        const at = new Date(now - rnd.int(0, 120) * DAY_MS - rnd.int(0, 86_000) * 1000);
        const [author, slug] = rnd.pick(AUTHORS);
        const saved = 'Saved for later with Postkeeper. '.repeat(rnd.int(1, 4));
        return {
          topic,
          at,
          post: {
            platform,
            ...demoPlace(platform, slug, `demo-${u.id.slice(0, 8)}-${i + 1}`),
            author,
            // A link from a web page keeps the page's title; a post's text starts with its topic.
            title: platform === 'web' ? topic[0] : undefined,
            text: platform === 'web' ? saved.trim() : `${topic[0]}. ${saved}`,
            postedAt: null,
          },
        };
      },
    );
    inputs.sort((a, b) => a.at.getTime() - b.at.getTime());
    await db.transaction(async (tx) => {
      const over = target > Number(u.limit);
      if (over)
        await tx
          .update(users)
          .set({ storageLimit: target + MB })
          .where(eq(users.id, u.id));
      const results = await savePosts(
        tx,
        u.id,
        inputs.map((i) => ({ ...i.post, savedAt: i.at })),
        new Date(now),
      );
      const saved = results.map((r) => r.post);
      // The showcase accounts' posts carry tags and a category, as auto-tagging would have left them.
      if (showcase)
        for (const [i, post] of saved.entries()) {
          if (!rnd.chance(0.7)) continue;
          const [, tags, category] = inputs[i].topic;
          await setPostLabels(tx, u.id, post.id, { tags: [...tags], category }, inputs[i].at);
        }
      // The rest of the target as images of up to 20 MB, spread over the posts.
      let left = target - saved.reduce((sum, p) => sum + p.sizeBytes, 0);
      const media: MediaItem[] = [];
      while (left > 0) {
        const size = Math.min(left, rnd.int(MAX_MEDIA_BYTES / 2, MAX_MEDIA_BYTES));
        const id = randomUUID();
        const postId = rnd.pick(saved).id;
        media.push({ id, postId, storageKey: `demo/${id}.jpg`, contentType: 'image/jpeg', sizeBytes: size });
        left -= size;
      }
      await attachMedia(tx, u.id, media, new Date(now));
      if (over) await tx.update(users).set({ storageLimit: u.limit }).where(eq(users.id, u.id));
    });
  }
}
