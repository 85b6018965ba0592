import { useSession } from '../../src/session/SessionProvider';
import { AccountLayout } from '../layout/AccountLayout';
import { SubscriptionManagementCard } from './SubscriptionManagementCard';
import { InstallExtensionCard } from '../ui/InstallExtensionCard';

/** /dashboard: the account home (docs/product.md#account-dashboard). */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <AccountLayout>
      <div className="pk-page-head">
        <h1>Hi, {user?.displayName || user?.name}</h1>
      </div>
      <div className="pk-cards pk-cards--two">
        <InstallExtensionCard />
        <SubscriptionManagementCard />
      </div>
    </AccountLayout>
  );
}
