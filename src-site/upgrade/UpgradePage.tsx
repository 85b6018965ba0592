import { Link } from 'react-router-dom';
import { PLANS } from '../../src/config';
import { useSession } from '../../src/session/SessionProvider';
import { PublicLayout } from '../layout/PublicLayout';
import { StartTrialButton } from './StartTrialButton';
import '../layout/account.css';
import { Card } from '../ui/Card';

/** /upgrade: the plan comparison and the start-trial action. */
export function UpgradePage() {
  const { status } = useSession();
  return (
    <PublicLayout>
      <div className="pk-account">
        <div className="pk-container">
          <div className="pk-page-head">
            <h1>Upgrade to {PLANS.premium.name}</h1>
          </div>
          <div className="pk-plans">
            <Card
              titleId="plan-free"
              title={
                <>
                  {PLANS.free.name} · {PLANS.free.price}
                </>
              }
            >
              <ul>
                <li>Unlimited saves</li>
                <li>{PLANS.free.storageLabel} cloud storage</li>
                <li>Basic categorization</li>
                <li>All social platforms</li>
                <li>Ad-supported</li>
              </ul>
            </Card>
            <Card
              titleId="plan-pro"
              title={
                <>
                  {PLANS.premium.name} · {PLANS.premium.price} per month
                </>
              }
            >
              <ul>
                <li>Ad-free</li>
                <li>{PLANS.premium.storageLabel} cloud storage</li>
                <li>Posts never deleted</li>
                <li>AI-powered recommendations</li>
                <li>Priority support</li>
                <li>{PLANS.premium.trialDays}-day free trial, cancel anytime</li>
              </ul>
              {status === 'authenticated' ? (
                <StartTrialButton />
              ) : (
                <Link
                  className="pk-btn pk-btn--primary"
                  to="/dashboard/register"
                  state={{ from: '/upgrade' }}
                >
                  Create an account to start your free trial
                </Link>
              )}
            </Card>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
