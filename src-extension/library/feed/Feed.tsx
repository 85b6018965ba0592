import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryPost } from '../../shared/messages';
import { PostCard, type CardActions } from './PostCard';

interface FeedProps extends CardActions {
  posts: LibraryPost[];
  terms: Map<string, string[]>;
  selected: ReadonlySet<string>;
  /** The card j/k moved to (-1: none yet). */
  current: number;
}

const NO_TERMS: string[] = [];

/**
 * The feed, virtualized: only the cards near the viewport are in the page, so any number of posts scrolls as
 * smoothly as ten. Heights are measured as cards render (a card's text or picture sets it).
 */
export function Feed({ posts, terms, selected, current, ...actions }: FeedProps) {
  const list = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(list.current?.offsetTop ?? 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => 220,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (i) => posts[i]!.url,
  });

  // j/k: the current card comes into view and takes focus (so its outline shows where the keys act).
  useEffect(() => {
    if (current < 0 || current >= posts.length) return;
    virtualizer.scrollToIndex(current, { align: 'auto' });
    const id = requestAnimationFrame(() => {
      list.current?.querySelector<HTMLElement>(`[data-index="${current}"] article`)?.focus();
    });
    return () => cancelAnimationFrame(id);
  }, [current, posts.length, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <ul
      ref={list}
      className="lib-feed"
      aria-label="Saved posts"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {items.map((item) => {
        const post = posts[item.index]!;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="lib-feed__item"
            aria-setsize={posts.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <PostCard
              post={post}
              terms={terms.get(post.url) ?? NO_TERMS}
              selected={selected.has(post.url)}
              current={item.index === current}
              {...actions}
            />
          </li>
        );
      })}
    </ul>
  );
}
