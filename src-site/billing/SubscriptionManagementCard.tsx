// Slot for the dashboard's Subscription Management card (SPEC §2); the billing work fills it.
export function SubscriptionManagementCard() {
  return null;
}
