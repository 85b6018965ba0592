import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../src/config';
import { useSession } from '../../src/session/SessionProvider';
import { AccountLayout } from '../layout/AccountLayout';
import { BillingSettingsCard } from './BillingSettingsCard';
import { InstallExtensionCard } from '../ui/InstallExtensionCard';
import { SignOutEverywhere } from './SignOutEverywhere';
import { Card } from '../ui/Card';

/** /dashboard/settings (docs/product.md#settings). */
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
        <Card titleId="account-info" title="Account Information">
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
        </Card>
        <BillingSettingsCard />
        <InstallExtensionCard title="Chrome Extension" />
        <Card titleId="data-privacy" title={'Data & Privacy'}>
          <p>Get a copy of everything we store about you, or close your account and erase its data.</p>
          <div className="pk-actions">
            <button type="button" className="pk-btn pk-btn--ghost">
              Request Data Export
            </button>
            <button type="button" className="pk-btn pk-btn--ghost">
              Delete Account
            </button>
          </div>
        </Card>
        <Card titleId="support" title="Support">
          <p>
            Answers to common questions are in the <Link to="/help">Help Center</Link>. Still stuck? Email us
            at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </Card>
      </div>
    </AccountLayout>
  );
}
