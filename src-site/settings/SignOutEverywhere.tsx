import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../src/api/client';
import { revokeAllSessions } from '../../src/api/auth';
import { useSession } from '../../src/session/SessionProvider';
import { Alert } from '../ui/Alert';

export const SIGN_OUT_EVERYWHERE_TEXT = {
  button: 'Sign out of all devices',
  busy: 'Signing out…',
  hint: 'Signed in somewhere you no longer use, or on a lost device? This ends every session, this one included.',
  failed: 'Could not sign out of all devices. Please try again.',
} as const;

/**
 * Settings' "Sign out of all devices": the server revokes every session of the account (the extension's and
 * this browser's too), then this browser forgets its token and returns to sign-in.
 */
export function SignOutEverywhere() {
  const { forget } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onClick() {
    setBusy(true);
    setFailed(false);
    try {
      await revokeAllSessions();
    } catch (err) {
      // A 401 means this session is already gone: the outcome the user asked for.
      if (!(err instanceof ApiError && err.status === 401)) {
        setBusy(false);
        setFailed(true);
        return;
      }
    }
    // Every session is over on the server already: only this browser is left to sign out.
    forget();
    navigate('/dashboard/login', { replace: true });
  }

  return (
    <div className="pk-signout-all">
      <p>{SIGN_OUT_EVERYWHERE_TEXT.hint}</p>
      {failed && <Alert kind="error">{SIGN_OUT_EVERYWHERE_TEXT.failed}</Alert>}
      <button type="button" className="pk-btn pk-btn--ghost" disabled={busy} onClick={() => void onClick()}>
        {busy ? SIGN_OUT_EVERYWHERE_TEXT.busy : SIGN_OUT_EVERYWHERE_TEXT.button}
      </button>
    </div>
  );
}
