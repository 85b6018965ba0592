import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, NetworkError } from '../../src/api/client';
import { resetPasswordRequest } from '../../src/api/auth';
import { MIN_PASSWORD_LENGTH, TIMINGS } from '../../src/config';
import { AuthCardLayout } from '../layout/AuthCardLayout';
import { Alert } from '../ui/Alert';
import { useUnmountSignal } from '../ui/useUnmountSignal';
import { AuthForm } from './AuthForm';
import { AUTH_TEXT } from './authTexts';

const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password' };

/** docs/product.md#reset-password reset checks, in the spec's order. */
export function resetValidationError(password: string, confirm: string, token: string | null): string | null {
  if (password !== confirm) return AUTH_TEXT.passwordsDiffer;
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_TEXT.passwordTooShort;
  if (!token) return AUTH_TEXT.invalidToken;
  return null;
}

/** /dashboard/reset-password?token=…: sets a new password, then returns to sign-in after 3 seconds. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const signal = useUnmountSignal();
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = resetValidationError(password, confirm, token);
    setError(invalid);
    if (invalid || !token) return;
    setBusy(true);
    try {
      const res = await resetPasswordRequest({ token, newPassword: password }, signal());
      setSuccess(res?.message || 'Your password has been updated.');
      timer.current = setTimeout(
        () => navigate('/dashboard/login', { replace: true }),
        TIMINGS.resetRedirectMs,
      );
    } catch (err) {
      setError(
        err instanceof NetworkError
          ? AUTH_TEXT.networkError
          : (err instanceof ApiError && err.serverMessage) || AUTH_TEXT.resetFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCardLayout
      title="Choose a new password"
      subtitle={<>Pick a password of at least {MIN_PASSWORD_LENGTH} characters.</>}
    >
      {!token ? (
        <Alert kind="error">{AUTH_TEXT.missingToken}</Alert>
      ) : success ? (
        <Alert kind="success" as="div">
          <p style={{ margin: 0 }}>{success}</p>
          <p style={{ margin: '6px 0 0' }}>{AUTH_TEXT.redirecting}</p>
        </Alert>
      ) : (
        <>
          {error && <Alert kind="error">{error}</Alert>}
          <AuthForm
            inputs={[
              {
                id: 'newPassword',
                label: 'New Password',
                value: password,
                set: setPassword,
                ...NEW_PASSWORD,
              },
              {
                id: 'confirmPassword',
                label: 'Confirm New Password',
                value: confirm,
                set: setConfirm,
                ...NEW_PASSWORD,
              },
            ]}
            submit="Update Password"
            disabled={busy || !password || !confirm}
            onSubmit={onSubmit}
          />
        </>
      )}
      <div className="pk-auth-links">
        {!token && <Link to="/dashboard/forgot-password">Request a new reset link</Link>}
        <Link to="/dashboard/login">Back to Sign In</Link>
      </div>
    </AuthCardLayout>
  );
}
