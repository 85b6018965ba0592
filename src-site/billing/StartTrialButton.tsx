import { useState } from 'react';
import { PLANS } from '../../src/config';
import { createCheckoutSession, openInNewTab } from '../../src/api/billing';
import { BILLING_TEXT } from './billingTexts';

/** Opens checkout for Pro in a new tab. */
export function StartTrialButton({
  label = `Start your ${PLANS.premium.trialDays}-day free trial`,
}: {
  label?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="pk-btn pk-btn--primary"
        onClick={() => {
          setError(null);
          openInNewTab(createCheckoutSession).catch(() => setError(BILLING_TEXT.checkoutFailed));
        }}
      >
        {label}
      </button>
      {error && (
        <p className="pk-alert pk-alert--error" role="alert" style={{ marginTop: 12 }}>
          {error}
        </p>
      )}
    </>
  );
}
