import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatEpochDate } from '../../src/format/dates';
import {
  cancelSubscription,
  createPortalSession,
  openInNewTab,
  reactivateSubscription,
} from '../../src/api/billing';
import { useSession } from '../../src/session/SessionProvider';
import { BILLING_TEXT } from './billingTexts';
import { useSubscription } from './useSubscription';

type Note = { ok: boolean; text: string } | null;

/** The settings page's Billing and Subscription card (SPEC §2, §8). */
export function BillingSettingsCard() {
  const { status, user, refresh } = useSession();
  const { subscription, setSubscription, failed } = useSubscription();
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);

  const title = <h2 id="billing-card-title">Billing and Subscription</h2>;
  if (status !== 'authenticated' || !user) {
    return (
      <section className="pk-card" aria-labelledby="billing-card-title">
        {title}
        <p>{BILLING_TEXT.loggedOut}</p>
      </section>
    );
  }

  async function change(cancel: boolean) {
    if (cancel && !window.confirm(BILLING_TEXT.cancelConfirm)) return;
    setBusy(true);
    setNote(null);
    try {
      const res = cancel ? await cancelSubscription() : await reactivateSubscription();
      setSubscription(res.subscription);
      setNote({ ok: true, text: cancel ? BILLING_TEXT.canceled : BILLING_TEXT.reactivated });
      void refresh();
    } catch {
      setNote({ ok: false, text: cancel ? BILLING_TEXT.cancelFailed : BILLING_TEXT.reactivateFailed });
    } finally {
      setBusy(false);
    }
  }

  async function manage() {
    setNote(null);
    let url: string;
    try {
      url = (await createPortalSession(`${window.location.origin}/dashboard/settings`)).url;
    } catch {
      setNote({ ok: false, text: BILLING_TEXT.portalSessionFailed });
      return;
    }
    await openInNewTab(async () => ({ url })).catch(() =>
      setNote({ ok: false, text: BILLING_TEXT.portalFailed }),
    );
  }

  return (
    <section className="pk-card" aria-labelledby="billing-card-title">
      {title}
      {note && (
        <p
          className={`pk-alert ${note.ok ? 'pk-alert--success' : 'pk-alert--error'}`}
          role={note.ok ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
      {user.plan !== 'premium' ? (
        <>
          <p>You are on the Free plan.</p>
          <Link className="pk-btn pk-btn--primary" to="/upgrade">
            Upgrade to Premium
          </Link>
        </>
      ) : (
        <>
          {failed && (
            <p className="pk-alert pk-alert--error" role="alert">
              {BILLING_TEXT.loadFailed}
            </p>
          )}
          <dl>
            <dt>Plan</dt>
            <dd>Premium{subscription ? ` (${subscription.status})` : ''}</dd>
            <dt>Billing period</dt>
            <dd>
              {formatEpochDate(subscription?.currentPeriodStart)} –{' '}
              {formatEpochDate(subscription?.currentPeriodEnd)}
            </dd>
          </dl>
          {subscription?.cancelAtPeriodEnd && (
            <p>Your subscription will be canceled on {formatEpochDate(subscription.currentPeriodEnd)}</p>
          )}
          {subscription?.trialEnd ? <p>Trial ends on {formatEpochDate(subscription.trialEnd)}</p> : null}
          <div className="pk-actions">
            <button type="button" className="pk-btn pk-btn--primary" onClick={() => void manage()}>
              Manage Subscription
            </button>
            {subscription &&
              subscription.status !== 'canceled' &&
              (subscription.cancelAtPeriodEnd ? (
                <button
                  type="button"
                  className="pk-btn pk-btn--ghost"
                  disabled={busy}
                  onClick={() => void change(false)}
                >
                  Reactivate Subscription
                </button>
              ) : (
                <button
                  type="button"
                  className="pk-btn pk-btn--ghost"
                  disabled={busy}
                  onClick={() => void change(true)}
                >
                  Cancel Subscription
                </button>
              ))}
          </div>
        </>
      )}
    </section>
  );
}
