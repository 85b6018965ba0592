import { useLocation } from 'react-router-dom';
import { useSession } from '../../src/session/SessionProvider';
import { AccountLayout } from '../account/AccountLayout';
import { SubscriptionManagementCard } from '../billing/SubscriptionManagementCard';
import { AUTH_TEXT } from '../auth/authTexts';
import { InstallExtensionCard } from './InstallExtensionCard';

/** /dashboard: the account home (SPEC §2). */
export function DashboardPage() {
  const { user } = useSession();
  const location = useLocation();
  const welcome = (location.state as { welcome?: boolean } | null)?.welcome;
  return (
    <AccountLayout>
      <div className="pk-page-head">
        <h1>Hi, {user?.displayName || user?.name}</h1>
      </div>
      {welcome && (
        <p className="pk-alert pk-alert--success" role="status">
          {AUTH_TEXT.welcome}
        </p>
      )}
      <div className="pk-cards pk-cards--two">
        <InstallExtensionCard />
        <SubscriptionManagementCard />
      </div>
    </AccountLayout>
  );
}
