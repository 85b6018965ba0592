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

export const COST_ANALYSIS = { label: 'Cost analysis', path: 'cost-analysis' } as const;

/** Which section a console path belongs to (the first segment after the base). */
export function sectionIndex(pathname: string, basename: string): number {
  const rest = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  const first = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  const i = SECTIONS.findIndex((s) => s.path === first);
  return i;
}
