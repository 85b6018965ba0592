/** docs/product.md#console-sections: the six console sections, in the product's order and with its labels, then the two added since. */
export const SECTIONS = [
  { label: 'Overview', path: '' },
  { label: 'Users', path: 'users' },
  { label: 'Coupons', path: 'coupons' },
  { label: 'Flagged Users', path: 'flagged' },
  { label: 'AI Provider Settings', path: 'ai-config' },
  { label: 'Suspicious Users', path: 'suspicious' },
  // Beyond the spec's six: the support inbox and the audit log of operator changes.
  { label: 'Support', path: 'messages' },
  { label: 'Audit log', path: 'audit-log' },
] as const;

/** The section whose tab shows the number of open messages. */
export const SUPPORT_PATH = 'messages';

const COST_ANALYSIS = { label: 'Cost analysis', path: 'cost-analysis' } as const;

/** Everything the tab bar lists: the spec's sections, then the pages added beside them (add new ones here). */
export const NAVIGATION: readonly { label: string; path: string }[] = [...SECTIONS, COST_ANALYSIS];

/** Which tab a console path belongs to (the first segment after the base). */
export function sectionIndex(pathname: string, basename: string): number {
  const rest = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  const first = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  return NAVIGATION.findIndex((s) => s.path === first);
}
