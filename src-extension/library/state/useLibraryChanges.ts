import { useCallback } from 'react';
import type { LibraryPost } from '../../shared/messages';
import type { LibrarySource } from './librarySource';
import type { useLibrary } from './useLibrary';
import { useUndoDelete } from './useUndoDelete';

/**
 * The library's changes, all through the worker: deletes (after the undo window), tag edits and deleting
 * everything. The list follows at once; a refusal says why and reads the copy again.
 */
export function useLibraryChanges(
  source: LibrarySource,
  lib: ReturnType<typeof useLibrary>,
  say: (note: string) => void,
) {
  const { update, reload } = lib;
  const commit = useCallback(
    (urls: string[]) => {
      void source
        .ask({ type: 'deletePosts', urls })
        .then((answer) => {
          if (!answer.ok) {
            say(answer.message);
            return reload();
          }
          const gone = new Set(urls);
          update((posts) => posts.filter((p) => !gone.has(p.url)));
        })
        .catch((err: unknown) => say(`The posts were not deleted: ${String(err)}`));
    },
    [source, update, reload, say],
  );
  const { pending, start, undo } = useUndoDelete(commit);

  const setTags = useCallback(
    async (post: LibraryPost, tags: string[]): Promise<string | null> => {
      try {
        const answer = await source.ask({ type: 'updateTags', url: post.url, tags });
        if (!answer.ok) return answer.message;
      } catch (err) {
        return String(err);
      }
      update((posts) => posts.map((p) => (p.url === post.url ? { ...p, tags } : p)));
      return null;
    },
    [source, update],
  );

  const deleteAll = useCallback(async (): Promise<string | null> => {
    try {
      const answer = await source.ask({ type: 'deleteAll' });
      if (!answer.ok) return answer.message;
    } catch (err) {
      return String(err);
    }
    update(() => []);
    void reload();
    return null;
  }, [source, update, reload]);

  return { pending, start, undo, setTags, deleteAll };
}
