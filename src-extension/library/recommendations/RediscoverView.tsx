import { useEffect, useState } from 'react';
import type { AskWorker } from '../../shared/askWorker';
import type { LibraryPost } from '../../shared/messages';
import { CompassIcon } from '../ui/icons';
import { PlatformIcon } from '../ui/PlatformIcon';
import { authorName } from '../feed/PostCard';

interface RediscoverViewProps {
  pro: boolean;
  signedIn: boolean;
  webUrl: string;
  posts: LibraryPost[];
  ask: AskWorker;
  onOpen(post: LibraryPost): void;
}

type Picks =
  | { state: 'loading' }
  | { state: 'done'; items: { post: LibraryPost; reason: string }[] }
  | { state: 'failed'; message: string };

/**
 * Smart Recommendations. Pro: "Rediscover" cards from the AI recommendations task (related saves and forgotten
 * gems), each with its reason. Free or signed out: what the feature does, and the Upgrade link to the web app.
 */
export function RediscoverView({ pro, signedIn, webUrl, posts, ask, onOpen }: RediscoverViewProps) {
  if (!pro) return <RediscoverUpsell webUrl={webUrl} signedIn={signedIn} />;
  return <RediscoverCards posts={posts} ask={ask} onOpen={onOpen} />;
}

function RediscoverUpsell({ webUrl, signedIn }: { webUrl: string; signedIn: boolean }) {
  return (
    <section className="lib-panel lib-upsell" aria-labelledby="rediscover-upsell">
      <h2 id="rediscover-upsell">
        <CompassIcon /> Rediscover what you saved
      </h2>
      <p>
        With Pro, Postkeeper reads your library and brings back posts worth a second look: saves related to
        what you save now, and forgotten gems from months ago, each with the reason it was picked.
      </p>
      <a className="pk-btn pk-btn--primary" href={`${webUrl}/upgrade`}>
        Upgrade to Pro
      </a>
      {!signedIn && <p className="pk-muted">Sign in first: recommendations come from your account.</p>}
    </section>
  );
}

function RediscoverCards({ posts, ask, onOpen }: Pick<RediscoverViewProps, 'posts' | 'ask' | 'onOpen'>) {
  const [picks, setPicks] = useState<Picks>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    void ask({ type: 'aiTask', task: 'recommendations' })
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setPicks({ state: 'failed', message: answer.message });
        const list = (answer.result as { recommendations?: { postId: string; reason: string }[] })
          .recommendations;
        const byId = new Map(posts.filter((p) => p.postId).map((p) => [p.postId!, p]));
        const items = (list ?? []).flatMap((r) => {
          const post = byId.get(r.postId);
          return post ? [{ post, reason: r.reason }] : [];
        });
        setPicks({ state: 'done', items });
      })
      .catch((err: unknown) => live && setPicks({ state: 'failed', message: String(err) }));
    return () => {
      live = false;
    };
    // Asked once per visit of the view: the posts changing underneath do not ask the AI again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask]);
  if (picks.state === 'loading')
    return (
      <p className="pk-muted" role="status">
        Finding posts worth a second look…
      </p>
    );
  if (picks.state === 'failed') return <p role="alert">Recommendations could not be made: {picks.message}</p>;
  if (!picks.items.length)
    return <p className="pk-muted">Nothing to rediscover yet: save a few more posts.</p>;
  return (
    <ul className="lib-rediscover" aria-label="Rediscover">
      {picks.items.map(({ post, reason }) => (
        <li key={post.url} className="lib-panel lib-rediscover__item">
          <div className="lib-card__head">
            <PlatformIcon platform={post.platform} />
            <span className="lib-card__author">{authorName(post)}</span>
          </div>
          <p className="lib-rediscover__reason">
            <strong>Why:</strong> {reason}
          </p>
          <p className="lib-card__text lib-card__text--cut">{post.title || post.text}</p>
          <button type="button" className="lib-text-btn" onClick={() => onOpen(post)}>
            Open post
          </button>
        </li>
      ))}
    </ul>
  );
}
