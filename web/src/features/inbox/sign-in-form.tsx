import { useId, useState, type FormEvent } from 'react';

/** What a failed sign-in says, by Firebase's error code: never which of the two was wrong. */
export function signInMessage(code: string | null): string {
  switch (code) {
    case 'auth/invalid-credential':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
    case 'auth/invalid-login-credentials':
      return 'The email or password is not right. Check both and try again.';
    case 'auth/too-many-requests':
      return 'Too many attempts. Wait a few minutes, then try again.';
    case 'auth/user-disabled':
      return 'This account has been switched off. Ask the site owner to switch it back on.';
    case 'auth/network-request-failed':
      return 'No connection to the sign-in service. Check the internet connection and try again.';
    default:
      return 'Signing in did not work. Try again in a moment.';
  }
}

export function SignInForm({
  notice,
  onSignIn,
}: {
  /** Why the form is shown again, e.g. an ended session. */
  notice: string | null;
  /** Resolves on success; rejects with a message to show. */
  onSignIn: (email: string, password: string) => Promise<void>;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError('Enter the email and the password of your sales account.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSignIn(email.trim(), password);
    } catch (failure) {
      // The email stays; only the password is cleared for the next try.
      setPassword('');
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inbox-signin" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="inbox-signin__title">Sign in</h2>
      {notice && (
        <p className="inbox-notice" role="status">
          {notice}
        </p>
      )}
      <div className="inbox-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="inbox-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
