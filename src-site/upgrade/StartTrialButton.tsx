import { useState } from 'react';
import { useSession } from '../../src/session/SessionProvider';
import { BILLING_TEXT } from '../ui/billing/billingTexts';
import { billingFailure, useStartCheckout } from '../ui/billing/useBilling';
import { Alert } from '../ui/Alert';

/** /upgrade's start-trial action: checkout in a new tab. */
export function StartTrialButton() {
  const { user } = useSession();
  const startCheckout = useStartCheckout();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="pk-btn pk-btn--primary"
        disabled={!user || user.plan === 'premium'}
        onClick={() => {
          setError(null);
          startCheckout().catch((err: unknown) => setError(billingFailure(err, BILLING_TEXT.checkoutFailed)));
        }}
      >
        Start your 7-day free trial
      </button>
      {error && <Alert kind="error">{error}</Alert>}
    </>
  );
}
