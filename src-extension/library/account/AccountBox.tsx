import type { StatusAnswer } from '../../shared/messages';
import { planName } from '../../shared/accountText';

/** The header's account: the email and plan badge, or "Not signed in" with Sign in (the web app's login). */
export function AccountBox({ status }: { status: StatusAnswer | null }) {
  return (
    <section className="lib-account" aria-label="Account">
      {!status ? (
        <span className="pk-muted">Loading account…</span>
      ) : status.signedIn && status.account ? (
        <>
          <span className="lib-account__email">{status.account.email}</span>
          <span className={`pk-badge${status.account.plan === 'premium' ? ' pk-badge--pro' : ''}`}>
            {planName(status.account.plan)}
          </span>
        </>
      ) : status.signedIn ? (
        <span>Signed in</span>
      ) : (
        <>
          <span className="pk-muted">Not signed in</span>
          <a className="pk-btn pk-btn--ghost" href={`${status.webUrl}/login`}>
            Sign in
          </a>
        </>
      )}
    </section>
  );
}
