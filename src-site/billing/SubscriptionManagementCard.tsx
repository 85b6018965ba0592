import { formatEpochDate } from '../../src/format/dates';
import { createPortalSession, openInNewTab } from '../../src/api/billing';
import { useSession } from '../../src/session/SessionProvider';
import { StartTrialButton } from './StartTrialButton';
import { BILLING_TEXT } from './billingTexts';
import { useSubscription } from './useSubscription';

/** The dashboard's Subscription Management card (SPEC §2). */
export function SubscriptionManagementCard() {
  const { user } = useSession();
  const { subscription } = useSubscription();
  if (!user) return null;
  const plan = user.plan ?? 'free';
  const status = subscription?.status ?? user.subscriptionStatus;
  const premium = plan === 'premium';
  return (
    <section className="pk-card" aria-labelledby="subscription-card-title">
      <h2 id="subscription-card-title">Subscription Management</h2>
      <p>
        Plan: <strong>{premium ? 'Premium' : 'Free'}</strong>
        {status ? ` (${status})` : ''}
      </p>
      {subscription?.cancelAtPeriodEnd && <p>Cancels on {formatEpochDate(subscription.currentPeriodEnd)}</p>}
      {premium ? (
        <>
          <dl>
            <dt>Status</dt>
            <dd>{status ?? 'active'}</dd>
            <dt>Next billing date</dt>
            <dd>
              {subscription?.cancelAtPeriodEnd ? 'N/A' : formatEpochDate(subscription?.currentPeriodEnd)}
            </dd>
          </dl>
          <button
            type="button"
            className="pk-btn pk-btn--ghost"
            onClick={() =>
              openInNewTab(() => createPortalSession(`${window.location.origin}/dashboard`)).catch(() =>
                window.alert(BILLING_TEXT.portalFailedDashboard),
              )
            }
          >
            Manage Billing
          </button>
        </>
      ) : (
        <>
          <p>{BILLING_TEXT.upgradeSentence}</p>
          <StartTrialButton label="Upgrade to Premium" />
        </>
      )}
    </section>
  );
}
