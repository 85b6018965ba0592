import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { apiUrl } from '../../src/api/client';
import { useSession } from '../../src/session/SessionProvider';
import { clearGoogleSignInPending, markGoogleSignInPending } from '../../src/session/googleHandOff';
import { AuthCardLayout } from '../layout/AuthCardLayout';
import { Alert } from '../ui/Alert';
import { useUnmountSignal } from '../ui/useUnmountSignal';
import { AuthForm, type AuthInput, EMAIL_INPUT } from './AuthForm';
import { AUTH_TEXT } from './authTexts';
import { usePostAuthRedirect, useReturnTo } from './usePostAuthRedirect';
import { GoogleIcon } from './GoogleIcon';

export type AuthMode = 'login' | 'register';

/** /dashboard/login and /dashboard/register: one screen, two modes (docs/product.md#sign-in-and-register-screen). */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const redirectAfterAuth = usePostAuthRedirect();
  const returnTo = useReturnTo();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A failed Google round trip comes back with ?error=google; a guard may pass on the session's error.
  const [error, setError] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('error') === 'google'
      ? AUTH_TEXT.googleFailed
      : ((location.state as { error?: string } | null)?.error ?? null),
  );
  const [busy, setBusy] = useState(false);
  const signal = useUnmountSignal();
  const [welcome, setWelcome] = useState(false);
  const [done, setDone] = useState(false);
  const register = mode === 'register';

  // The toggle (or a link) switches mode: fields and error start clean.
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    setDisplayName('');
    setEmail('');
    setPassword('');
    setError(null);
  }, [mode]);

  // Back from Google with a token this tab asked for: finish as a password sign-in does (extension first,
  // then the page the user started on). A token that failed to load says so here.
  const { googleHandOff, finishGoogleHandOff, status: sessionStatus, error: sessionError } = session;
  useEffect(() => {
    if (!googleHandOff || sessionStatus === 'loading') return;
    finishGoogleHandOff();
    if (sessionStatus === 'authenticated') {
      setDone(true);
      void redirectAfterAuth();
    } else setError(sessionError);
  }, [googleHandOff, finishGoogleHandOff, sessionStatus, sessionError, redirectAfterAuth]);

  if (session.status === 'authenticated' && !busy && !done && !googleHandOff)
    return <Navigate to={returnTo} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (register && !displayName.trim()) {
      setError(AUTH_TEXT.displayNameRequired);
      return;
    }
    setBusy(true);
    try {
      if (register) await session.register({ email, password, displayName: displayName.trim() }, signal());
      else await session.login({ email, password }, signal());
      setDone(true);
      if (register) setWelcome(true);
      await redirectAfterAuth(register ? { welcome: true } : undefined);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function onGoogle() {
    // The server keeps the page to come back to with its flow state; /dashboard is its default.
    const from = returnTo === '/dashboard' ? undefined : returnTo;
    try {
      // Only a hand-off that answers this press is taken when the browser comes back (see googleHandOff).
      markGoogleSignInPending();
      window.location.assign(apiUrl('/auth/google/web', { prompt: 'select_account', from }));
    } catch {
      clearGoogleSignInPending();
      setError(AUTH_TEXT.googleFailed);
    }
  }

  const toggle = () =>
    navigate(register ? '/dashboard/login' : '/dashboard/register', {
      replace: true,
      // Keep where the visitor was going; an old error does not follow into the other mode.
      state: { from: (location.state as { from?: string } | null)?.from },
    });

  const inputs: AuthInput[] = [
    { ...EMAIL_INPUT, name: 'email', value: email, set: setEmail },
    {
      id: 'password',
      label: 'Password',
      name: 'password',
      type: 'password',
      required: true,
      autoComplete: register ? 'new-password' : 'current-password',
      placeholder: register ? 'Min 6 characters' : undefined,
      value: password,
      set: setPassword,
    },
  ];
  if (register)
    inputs.unshift({
      id: 'displayName',
      label: 'Display Name',
      name: 'displayName',
      autoComplete: 'name',
      value: displayName,
      set: setDisplayName,
    });

  return (
    <AuthCardLayout
      title={register ? AUTH_TEXT.registerTitle : AUTH_TEXT.loginTitle}
      subtitle={register ? AUTH_TEXT.registerSubtitle : AUTH_TEXT.loginSubtitle}
    >
      {welcome && <Alert kind="success">{AUTH_TEXT.welcome}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <AuthForm
        inputs={inputs}
        submit={register ? 'Create Account' : 'Sign In'}
        disabled={busy}
        onSubmit={onSubmit}
      />
      <div className="pk-auth-links">
        <Link to="/dashboard/forgot-password">Forgot password?</Link>
        <button type="button" className="pk-linkbtn" onClick={toggle}>
          {register ? 'Already have an account? Sign in' : "Don't have an account? Create one"}
        </button>
      </div>
      <div className="pk-divider">or</div>
      <button type="button" className="pk-btn pk-btn--ghost" style={{ width: '100%' }} onClick={onGoogle}>
        <GoogleIcon /> Continue with Google
      </button>
    </AuthCardLayout>
  );
}
