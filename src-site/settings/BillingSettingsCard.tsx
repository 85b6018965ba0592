import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../src/api/client';
import { cancelSubscription, reactivateSubscription } from '../../src/api/billing';
import { formatEpochDate } from '../../src/format/dates';
import { useSession } from '../../src/session/SessionProvider';
import { BILLING_TEXT } from '../ui/billing/billingTexts';
import {
  billingFailure,
  grantedWithoutBilling,
  useBillingCall,
  useOpenPortal,
  useSubscription,
} from '../ui/billing/useBilling';
import { Card } from '../ui/Card';
import { Alert } from '../ui/Alert';

const BILLING_CARD = { titleId: 'billing-settings', title: 'Billing and Subscription' };

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The settings page's Billing and Subscription card (docs/product.md#billing-and-subscription-card). */
export function BillingSettingsCard() {
  const { user, status: sessionStatus } = useSession();
  const premium = user?.plan === 'premium';
  const { state, setState } = useSubscription(premium);
  const call = useBillingCall();
  const openPortal = useOpenPortal();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  if (sessionStatus === 'loading') {
    return <Card {...BILLING_CARD} busy />;
  }
  if (!user || sessionStatus !== 'authenticated') {
    return (
      <Card {...BILLING_CARD}>
        <p>{BILLING_TEXT.loggedOut}</p>
      </Card>
    );
  }
  if (!premium) {
    return (
      <Card {...BILLING_CARD}>
        <p>You are on the Free plan.</p>
        <Link to="/upgrade" className="pk-btn pk-btn--primary">
          {BILLING_TEXT.upgrade}
        </Link>
      </Card>
    );
  }

  const sub = state.kind === 'loaded' ? state.subscription : null;
  const change = async (cancel: boolean) => {
    if (cancel && !window.confirm(BILLING_TEXT.cancelConfirm)) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await call(cancel ? cancelSubscription : reactivateSubscription);
      setState({
        kind: 'loaded',
        subscription: res.subscription,
        complimentary: state.kind === 'loaded' && state.complimentary,
      });
      setNotice({ kind: 'success', text: cancel ? BILLING_TEXT.cancelled : BILLING_TEXT.reactivated });
    } catch (err) {
      const fallback = cancel ? BILLING_TEXT.cancelFailed : BILLING_TEXT.reactivateFailed;
      setNotice({ kind: 'error', text: billingFailure(err, fallback) });
    } finally {
      setBusy(false);
    }
  };
  const manage = () => {
    setNotice(null);
    openPortal().catch((err: unknown) =>
      setNotice({
        kind: 'error',
        text: billingFailure(
          err,
          err instanceof ApiError ? BILLING_TEXT.portalCreateFailed : BILLING_TEXT.portalFailed,
        ),
      }),
    );
  };

  if (grantedWithoutBilling(state)) {
    return (
      <Card {...BILLING_CARD}>
        <p>{BILLING_TEXT.complimentary}</p>
      </Card>
    );
  }

  return (
    <Card {...BILLING_CARD}>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {state.kind === 'error' && <Alert kind="error">{BILLING_TEXT.loadFailed}</Alert>}
      {state.kind === 'loading' && <p>Loading subscription…</p>}
      {state.kind === 'loaded' && (
        <>
          <dl>
            <dt>Billing period</dt>
            <dd>
              {formatEpochDate(sub?.currentPeriodStart)} – {formatEpochDate(sub?.currentPeriodEnd)}
            </dd>
          </dl>
          {sub?.cancelAtPeriodEnd && (
            <p>{BILLING_TEXT.willCancelOn(formatEpochDate(sub.currentPeriodEnd))}</p>
          )}
          {sub?.trialEnd != null && <p>{BILLING_TEXT.trialEndsOn(formatEpochDate(sub.trialEnd))}</p>}
        </>
      )}
      <div className="pk-actions">
        <button type="button" className="pk-btn pk-btn--primary" onClick={manage}>
          {BILLING_TEXT.manageSubscription}
        </button>
        {sub && sub.status !== 'canceled' && (
          <button
            type="button"
            className="pk-btn pk-btn--ghost"
            disabled={busy}
            onClick={() => void change(!sub.cancelAtPeriodEnd)}
          >
            {sub.cancelAtPeriodEnd ? BILLING_TEXT.reactivate : BILLING_TEXT.cancel}
          </button>
        )}
      </div>
    </Card>
  );
}
