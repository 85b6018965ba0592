/** docs/product.md#console-sections: the six console sections, in the spec's order and with its labels. */
export const SECTIONS = [
  { label: 'Overview', path: '' },
  { label: 'Users', path: 'users' },
  { label: 'Coupons', path: 'coupons' },
  { label: 'Flagged Users', path: 'flagged' },
  { label: 'AI Provider Settings', path: 'ai-config' },
  { label: 'Suspicious Users', path: 'suspicious' },
] as const;

export const COST_ANALYSIS = { label: 'Cost analysis', path: 'cost-analysis' } as const;

/** Which section a console path belongs to (the first segment after the base). */
export function sectionIndex(pathname: string, basename: string): number {
  const rest = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  const first = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  const i = SECTIONS.findIndex((s) => s.path === first);
  return i;
}
