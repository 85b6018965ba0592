import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, NetworkError } from '../../src/api/client';
import { requestPasswordReset } from '../../src/api/auth';
import { AuthCardLayout } from '../layout/AuthCardLayout';
import { Alert } from '../ui/Alert';
import { useUnmountSignal } from '../ui/useUnmountSignal';
import { AuthForm, EMAIL_INPUT } from './AuthForm';
import { AUTH_TEXT } from './authTexts';

/** /dashboard/forgot-password: mails a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const signal = useUnmountSignal();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      await requestPasswordReset({ email }, signal());
      setResult({ ok: true, text: AUTH_TEXT.forgotSuccess });
    } catch (err) {
      const text =
        err instanceof NetworkError
          ? AUTH_TEXT.networkError
          : (err instanceof ApiError && err.serverMessage) || AUTH_TEXT.forgotFailed;
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCardLayout
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
    >
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <AuthForm
        inputs={[{ ...EMAIL_INPUT, value: email, set: setEmail }]}
        submit="Send Reset Link"
        disabled={busy}
        onSubmit={onSubmit}
      />
      <div className="pk-auth-links">
        <Link to="/dashboard/login">Back to Sign In</Link>
      </div>
    </AuthCardLayout>
  );
}
