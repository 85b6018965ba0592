import { useId, useState } from 'react';
import { LIBRARY_LIMITS } from '../../../src/contract/libraryLimits';
import type { LibraryPost } from '../../shared/messages';
import { Dialog } from '../ui/Dialog';
import { authorName } from './PostCard';

/** Tags typed as "growth, seo writing": trimmed, lower-case, without repeats. */
export const parseTags = (text: string) =>
  [...new Set(text.split(',').map((t) => t.trim().toLowerCase()))].filter(Boolean);

interface TagEditorProps {
  post: LibraryPost;
  onSave(tags: string[]): Promise<string | null>;
  onClose(): void;
}

/** Edits a post's tags; the worker saves them in the account (signed in) and in this browser's copy. */
export function TagEditor({ post, onSave, onClose }: TagEditorProps) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(post.tags.join(', '));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const tags = parseTags(text);
    if (tags.length > LIBRARY_LIMITS.tags)
      return setError(`A post can have at most ${LIBRARY_LIMITS.tags} tags.`);
    setSaving(true);
    const failed = await onSave(tags);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Dialog title={`Edit tags of the post by ${authorName(post)}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="lib-form">
        <label htmlFor={inputId}>Tags</label>
        <input
          id={inputId}
          className="lib-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={hintId}
          aria-invalid={Boolean(error)}
          data-autofocus
          autoComplete="off"
        />
        <p id={hintId} className="pk-muted lib-form__hint">
          Separate tags with commas, e.g. growth, writing.
        </p>
        {error && (
          <p role="alert" className="lib-form__error">
            {error}
          </p>
        )}
        <div className="lib-form__buttons">
          <button type="button" className="pk-btn pk-btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="pk-btn pk-btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save tags'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
