/** SPEC §2 and §8 billing texts. */
export const BILLING_TEXT = {
  upgradeSentence: 'Upgrade to Premium for unlimited saves, AI features, and more.',
  portalFailedDashboard: 'Failed to open billing portal. Please try again.',
  loadFailed: 'Failed to load subscription details.',
  portalSessionFailed: 'Unable to create billing portal session. Please try again or contact support.',
  portalFailed: 'Failed to open billing portal.',
  cancelFailed: 'Failed to cancel subscription.',
  reactivateFailed: 'Failed to reactivate subscription.',
  cancelConfirm:
    'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.',
  canceled: 'Subscription will be canceled at the end of your billing period.',
  reactivated: 'Subscription reactivated successfully!',
  loggedOut: 'Please log in to manage your billing settings.',
  checkoutFailed: 'Failed to start checkout. Please try again.',
} as const;
