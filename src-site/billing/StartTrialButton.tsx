// Slot for the upgrade page's start-trial action; the billing work wires it to checkout.
export function StartTrialButton() {
  return (
    <button type="button" className="pk-btn pk-btn--primary" disabled>
      Start your 7-day free trial
    </button>
  );
}
