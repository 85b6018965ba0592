import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

/** The bulk account whose library holds a tenth of the posts: the search benchmark's worst case. */
export const HEAVY_POSTS_EMAIL = 'bulk-1@load.test';

/** The words seeded texts mix (the library search bench uses the first ten). */
export const POST_WORDS = [
  'startup',
  'pricing',
  'design',
  'kernel',
  'garden',
  'recipe',
  'hiring',
  'research',
  'marketing',
  'python',
  'vector',
  'database',
  'founder',
  'thread',
  'notes',
  'climate',
  'travel',
  'budget',
  'fitness',
  'statistics',
];
const AUTHORS = ['Maya Lindqvist', 'Dev Patel', 'Rosa Costa', 'Hiro Tanaka', 'Kemi Okafor', 'Jonas Fischer'];

/** A text[] literal of fixed seed words, for generate_series to index into. */
export const sqlTextArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Runs `fill` with the posts search indexes dropped and builds them once afterwards: into an empty table that is
 * many times faster than keeping them up row by row.
 */
export async function withSearchIndexesAfter<T>(db: Db, fill: () => Promise<T>): Promise<T> {
  await db.execute(sql`drop index posts_search_trgm_idx`);
  await db.execute(sql`drop index posts_search_fts_idx`);
  const result = await fill();
  await db.execute(
    sql`create index posts_search_trgm_idx on posts using gin (post_search_text(author, author_handle, title, text, tags) gin_trgm_ops)`,
  );
  await db.execute(sql`create index posts_search_fts_idx on posts using gin (search_vector)`);
  return result;
}

/**
 * `posts` saved posts for the bulk users of seedLarge: a tenth in one heavy library, the rest spread evenly.
 * Each text mixes words by the post's number and ends in a unique token ("ref<n>"), so a search can ask for
 * one post among a million. Made inside the database; storage accounting is not the point here.
 */
export async function seedLargePosts(db: Db, opts: { posts: number }): Promise<number> {
  const words = sqlTextArray(POST_WORDS);
  const authors = sqlTextArray(AUTHORS);
  const heavy = Math.floor(opts.posts / 10);
  const [{ empty }] = (
    (await db.execute(sql`select not exists (select 1 from posts) as empty`)) as unknown as {
      rows: { empty: boolean }[];
    }
  ).rows;
  const insert = () =>
    db.execute(sql`
    with u as (
      select id, row_number() over (order by email) as n
      from users where email like 'bulk-%@load.test' and email <> ${HEAVY_POSTS_EMAIL}
    ), h as (select id from users where email = ${HEAVY_POSTS_EMAIL}), g as (
      select (select id from h) as user_id, g from generate_series(1, ${heavy}::int) g
      union all
      select u.id, g from generate_series(${heavy + 1}::int, ${opts.posts}::int) g
      join u on u.n = 1 + g % (select greatest(count(*), 1) from u)
    )
    insert into posts (user_id, platform, url, author, text, tags, size_bytes, created_at, updated_at)
    select user_id, (array['x','linkedin','reddit','instagram','pinterest'])[1 + g % 5],
           'https://example.com/p/' || g,
           (${authors})[1 + (g * 7) % ${AUTHORS.length}],
           'Thread on ' || (${words})[1 + g % 20] || ' and ' || (${words})[1 + (g / 20) % 20] || ': what I learned about '
             || (${words})[1 + (g / 400) % 20] || ' this week. ref' || g || '.',
           array[(${words})[1 + (g * 3) % 20], (${words})[1 + (g * 11) % 20]],
           400, now() - (g % 365) * interval '1 day', now()
    from g where user_id is not null
    on conflict (user_id, url) do nothing`);
  // Into an empty table, the search indexes are built once afterwards.
  const result = empty ? await withSearchIndexesAfter(db, insert) : await insert();
  await db.execute(sql`vacuum analyze posts`);
  return Number(
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}
