import { useState } from 'react';
import type { LibraryPost } from '../../shared/messages';
import { DownloadIcon, ShieldIcon, TrashIcon } from '../ui/icons';
import { DeleteAllDialog } from './DeleteAllDialog';
import { downloadText } from '../../../src/ui/downloadText';
import { exportName, libraryCsv, libraryJson } from './exportFiles';

interface PrivacyViewProps {
  posts: LibraryPost[];
  signedIn: boolean;
  readOnly: boolean;
  now(): number;
  onDeleteAll(): Promise<string | null>;
}

/** Privacy First: the whole library to take away (JSON, CSV), and deleting all of it. */
export function PrivacyView({ posts, signedIn, readOnly, now, onDeleteAll }: PrivacyViewProps) {
  const [confirming, setConfirming] = useState(false);
  const exportAs = (kind: 'json' | 'csv') => {
    const date = new Date(now());
    if (kind === 'json')
      downloadText(libraryJson(posts, date.toISOString()), exportName('json', date), 'application/json');
    else downloadText(libraryCsv(posts), exportName('csv', date), 'text/csv;charset=utf-8');
  };
  return (
    <div className="lib-privacy">
      <section className="lib-panel" aria-labelledby="export-title">
        <h2 id="export-title">
          <DownloadIcon /> Export your library
        </h2>
        <p className="pk-muted">
          Every saved post with every field: author, text, tags, category, dates and picture addresses. CSV
          opens in a spreadsheet; JSON keeps lists as lists.
        </p>
        <div className="lib-form__buttons lib-form__buttons--start">
          <button type="button" className="pk-btn pk-btn--ghost" onClick={() => exportAs('json')}>
            Export JSON
          </button>
          <button type="button" className="pk-btn pk-btn--ghost" onClick={() => exportAs('csv')}>
            Export CSV
          </button>
        </div>
      </section>
      <section className="lib-panel" aria-labelledby="delete-title">
        <h2 id="delete-title">
          <ShieldIcon /> Delete everything
        </h2>
        <p className="pk-muted">
          {signedIn
            ? 'Deletes every saved post and picture from your account and from this browser.'
            : 'Deletes every post saved in this browser.'}
        </p>
        <button
          type="button"
          className="pk-btn pk-btn--danger"
          onClick={() => setConfirming(true)}
          disabled={readOnly || posts.length === 0}
        >
          <TrashIcon /> Delete everything…
        </button>
      </section>
      {confirming && (
        <DeleteAllDialog
          count={posts.length}
          signedIn={signedIn}
          onConfirm={onDeleteAll}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
