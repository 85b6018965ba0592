import { useState } from 'react';
import type { AskWorker } from '../../shared/askWorker';
import type { LibraryPost } from '../../shared/messages';
import { SparkIcon } from '../ui/icons';

interface AskLibraryProps {
  query: string;
  posts: LibraryPost[];
  ask: AskWorker;
  /** The AI's answer as posts, best first; null goes back to the plain results. */
  onAnswer(posts: LibraryPost[] | null, note: string): void;
}

/**
 * Pro: "Ask your library" sends the search as a question to the AI search task. Its matches replace the plain
 * results; when it fails or finds nothing, the plain results stay, with a note saying so.
 */
export function AskLibrary({ query, posts, ask, onAnswer }: AskLibraryProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const answer = await ask({ type: 'aiTask', task: 'search', query }).catch((err: unknown) => ({
      ok: false as const,
      message: String(err),
    }));
    setBusy(false);
    if (!answer.ok)
      return onAnswer(null, `Ask your library did not answer (${answer.message}); plain results shown.`);
    const ids = (answer.result as { postIds?: string[] }).postIds ?? [];
    const byId = new Map(posts.filter((p) => p.postId).map((p) => [p.postId!, p]));
    const found = ids.flatMap((id) => byId.get(id) ?? []);
    if (!found.length) return onAnswer(null, 'Ask your library found nothing; plain results shown.');
    onAnswer(
      found,
      `Ask your library: ${found.length} ${found.length === 1 ? 'post answers' : 'posts answer'} “${query}”.`,
    );
  };
  return (
    <button
      type="button"
      className="pk-btn pk-btn--ghost lib-ask"
      onClick={() => void run()}
      disabled={busy || !query.trim()}
    >
      <SparkIcon /> {busy ? 'Asking…' : 'Ask your library'}
    </button>
  );
}
