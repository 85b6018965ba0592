/** docs/product.md#formatting: costs with three decimals. */
export function formatCost(dollars: number | null | undefined): string {
  return `$${(dollars ?? 0).toFixed(3)}`;
}

export type CostColour = 'red' | 'orange' | 'green';

/** docs/product.md#formatting: above 1 red, above 0.5 orange, otherwise green. */
export function costColour(dollars: number): CostColour {
  if (dollars > 1) return 'red';
  if (dollars > 0.5) return 'orange';
  return 'green';
}
