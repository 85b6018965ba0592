/** docs/product.md#billing-texts billing texts, to the letter. */
export const BILLING_TEXT = {
  upgradePitch: 'Upgrade to Premium for unlimited saves, AI features, and more.',
  upgrade: 'Upgrade to Premium',
  manageBilling: 'Manage Billing',
  manageSubscription: 'Manage Subscription',
  cancel: 'Cancel Subscription',
  reactivate: 'Reactivate Subscription',
  cancelConfirm:
    'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.',
  loggedOut: 'Please log in to manage your billing settings.',
  portalFailedDashboard: 'Failed to open billing portal. Please try again.',
  loadFailed: 'Failed to load subscription details.',
  portalCreateFailed: 'Unable to create billing portal session. Please try again or contact support.',
  portalFailed: 'Failed to open billing portal.',
  cancelFailed: 'Failed to cancel subscription.',
  reactivateFailed: 'Failed to reactivate subscription.',
  cancelled: 'Subscription will be canceled at the end of your billing period.',
  reactivated: 'Subscription reactivated successfully!',
  checkoutFailed: 'Failed to start checkout. Please try again.',
  /** The server's own 503 sentence when it has no billing provider; the site shows the same words. */
  notConfigured: 'Billing is not configured.',
  complimentary: 'Premium, granted by Postkeeper: no billing',
  cancelsOn: (date: string) => `Cancels on ${date}`,
  willCancelOn: (date: string) => `Your subscription will be canceled on ${date}`,
  trialEndsOn: (date: string) => `Trial ends on ${date}`,
} as const;
