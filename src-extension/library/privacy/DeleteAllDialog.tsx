import { useState } from 'react';
import { savedPostsText } from '../../shared/accountText';
import { Dialog } from '../ui/Dialog';

interface DeleteAllDialogProps {
  count: number;
  signedIn: boolean;
  onConfirm(): Promise<string | null>;
  onClose(): void;
}

/** Deleting everything asks first, and says what goes: from the account too when signed in. */
export function DeleteAllDialog({ count, signedIn, onConfirm, onClose }: DeleteAllDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = async () => {
    setBusy(true);
    const failed = await onConfirm();
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Dialog title="Delete your whole library?" onClose={onClose}>
      <p>
        {savedPostsText(count)} and{' '}
        {signedIn ? 'their pictures will be deleted from your account and' : 'will be'} removed from this
        browser. This cannot be undone. Export your library first if you want a copy.
      </p>
      {error && (
        <p role="alert" className="lib-form__error">
          {error}
        </p>
      )}
      <div className="lib-form__buttons">
        <button type="button" className="pk-btn pk-btn--ghost" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="pk-btn pk-btn--danger"
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? 'Deleting…' : 'Delete everything'}
        </button>
      </div>
    </Dialog>
  );
}
