import { useState } from 'react';
import { formatEpochDate } from '../../src/format/dates';
import { useSession } from '../../src/session/SessionProvider';
import { BILLING_TEXT } from '../ui/billing/billingTexts';
import {
  billingFailure,
  grantedWithoutBilling,
  useOpenPortal,
  useStartCheckout,
  useSubscription,
} from '../ui/billing/useBilling';
import { Card } from '../ui/Card';
import { Alert } from '../ui/Alert';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** The dashboard's Subscription Management card (docs/product.md#subscription-management-card). */
export function SubscriptionManagementCard() {
  const { user } = useSession();
  const premium = user?.plan === 'premium';
  const { state } = useSubscription(Boolean(user));
  const openPortal = useOpenPortal();
  const startCheckout = useStartCheckout();
  const [error, setError] = useState<string | null>(null);
  /** Premium opens the billing portal, free starts checkout; either clears the last error, and says so if it cannot start. */
  const redirect = () => {
    setError(null);
    const fail = (fallback: string) => (err: unknown) => setError(billingFailure(err, fallback));
    if (premium) openPortal().catch(fail(BILLING_TEXT.portalFailedDashboard));
    else startCheckout().catch(fail(BILLING_TEXT.checkoutFailed));
  };
  if (!user) return null;
  const sub = state.kind === 'loaded' ? state.subscription : null;
  const granted = premium && grantedWithoutBilling(state);
  // A grant has no subscription status of its own; an old, ended subscription's would mislead.
  const status = granted ? null : (sub?.status ?? user.subscriptionStatus);
  const plan = premium ? 'Premium' : 'Free';

  return (
    <Card titleId="subscription-management" title="Subscription Management">
      <p>
        <strong>
          {plan} plan{status ? ` (${STATUS_LABEL[status] ?? status})` : ''}
        </strong>
      </p>
      {!granted && sub?.cancelAtPeriodEnd && (
        <p>{BILLING_TEXT.cancelsOn(formatEpochDate(sub.currentPeriodEnd))}</p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {granted ? (
        <p>{BILLING_TEXT.complimentary}</p>
      ) : (
        <>
          {premium ? (
            <dl>
              <dt>Status</dt>
              <dd>{status ? (STATUS_LABEL[status] ?? status) : 'N/A'}</dd>
              <dt>Next billing date</dt>
              <dd>{formatEpochDate(sub && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null)}</dd>
            </dl>
          ) : (
            <p>{BILLING_TEXT.upgradePitch}</p>
          )}
          <button type="button" className="pk-btn pk-btn--primary" onClick={redirect}>
            {premium ? BILLING_TEXT.manageBilling : BILLING_TEXT.upgrade}
          </button>
        </>
      )}
    </Card>
  );
}
