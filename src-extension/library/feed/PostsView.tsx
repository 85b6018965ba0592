import { useCallback, useMemo, useState } from 'react';
import type { LibraryPost } from '../../shared/messages';
import { Feed } from './Feed';
import { SelectionBar } from './SelectionBar';
import type { CardActions } from './PostCard';

interface PostsViewProps {
  posts: LibraryPost[];
  terms: Map<string, string[]>;
  current: number;
  readOnly: boolean;
  onOpen(post: LibraryPost): void;
  onEditTags(post: LibraryPost): void;
  onDelete(urls: string[], label: string): void;
}

/** Saved Posts: the feed with its selection (delete several at once). */
export function PostsView({ posts, terms, current, readOnly, onOpen, onEditTags, onDelete }: PostsViewProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only what is shown counts as selected: a filter that hides a selected post unselects it.
  const shownSelected = useMemo(() => {
    const urls = new Set(posts.map((p) => p.url));
    return new Set([...selected].filter((u) => urls.has(u)));
  }, [posts, selected]);

  const onSelect = useCallback((post: LibraryPost, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(post.url);
      else next.delete(post.url);
      return next;
    });
  }, []);
  const onDeleteOne = useCallback((post: LibraryPost) => onDelete([post.url], 'Post deleted.'), [onDelete]);
  const actions: CardActions = useMemo(
    () => ({ onOpen, onEditTags, onDelete: onDeleteOne, onSelect }),
    [onOpen, onEditTags, onDeleteOne, onSelect],
  );

  return (
    <>
      <SelectionBar
        count={shownSelected.size}
        shown={posts.length}
        readOnly={readOnly}
        onSelectAll={() => setSelected(new Set(posts.map((p) => p.url)))}
        onClear={() => setSelected(new Set())}
        onDelete={() => {
          const urls = [...shownSelected];
          setSelected(new Set());
          onDelete(urls, `${urls.length} ${urls.length === 1 ? 'post' : 'posts'} deleted.`);
        }}
      />
      <Feed posts={posts} terms={terms} selected={shownSelected} current={current} {...actions} />
    </>
  );
}
