// Slot for the settings page's Billing and Subscription card (SPEC §2); the billing work fills it.
export function BillingSettingsCard() {
  return null;
}
