import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../src/config';
import { useSession } from '../../src/session/SessionProvider';
import { AccountLayout } from '../layout/AccountLayout';
import { BillingSettingsCard } from '../billing/BillingSettingsCard';
import { InstallExtensionCard } from '../dashboard/InstallExtensionCard';
import { SignOutEverywhere } from './SignOutEverywhere';

/** /dashboard/settings (SPEC §2). */
export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <AccountLayout>
      <div className="pk-page-head">
        <Link to="/dashboard" className="pk-back" aria-label="Back to dashboard">
          <span aria-hidden="true">←</span> Dashboard
        </Link>
        <h1>Settings</h1>
      </div>
      <div className="pk-cards">
        <section className="pk-card" aria-labelledby="account-info">
          <h2 id="account-info">Account Information</h2>
          <dl>
            <dt>Display name</dt>
            <dd>{user.displayName || user.name}</dd>
            <dt>Email</dt>
            <dd>
              {user.email}{' '}
              <span className={`pk-badge ${user.emailVerified ? 'pk-badge--ok' : 'pk-badge--warn'}`}>
                {user.emailVerified ? 'Verified' : 'Not Verified'}
              </span>
            </dd>
            <dt>Account type</dt>
            <dd>
              {user.role === 'admin' ? 'Admin' : 'User'} · {user.plan === 'premium' ? 'Premium' : 'Free'} plan
            </dd>
          </dl>
          <SignOutEverywhere />
        </section>
        <BillingSettingsCard />
        <InstallExtensionCard title="Chrome Extension" />
        <section className="pk-card" aria-labelledby="data-privacy">
          <h2 id="data-privacy">{'Data & Privacy'}</h2>
          <p>Get a copy of everything we store about you, or close your account and erase its data.</p>
          <div className="pk-actions">
            <button type="button" className="pk-btn pk-btn--ghost">
              Request Data Export
            </button>
            <button type="button" className="pk-btn pk-btn--ghost">
              Delete Account
            </button>
          </div>
        </section>
        <section className="pk-card" aria-labelledby="support">
          <h2 id="support">Support</h2>
          <p>
            Answers to common questions are in the <Link to="/help">Help Center</Link>. Still stuck? Email us
            at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </section>
      </div>
    </AccountLayout>
  );
}
