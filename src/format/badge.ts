/** docs/product.md#premium-badge premium badge: shown only for the premium plan. */
export function premiumBadgeLabel(
  plan: string | undefined,
  status: string | null | undefined,
): string | null {
  if (plan !== 'premium') return null;
  switch (status) {
    case 'trialing':
      return 'Trial';
    case 'past_due':
      return 'Past Due';
    case 'canceled':
      return 'Expired';
    default:
      return 'Premium';
  }
}
