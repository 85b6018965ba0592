import type { ComponentType } from 'react';
import type { Preloadable } from './preloadable';

/** What a section adds to its list: a record page, and how react-admin names one record. */
export interface SectionExtras {
  show?: ComponentType;
  recordRepresentation?: string;
}

/**
 * A console section as react-admin's `<Resource>` takes it, in the shape of react-admin's demo (list, icon,
 * options.label), with the label the tabs show (layout/sections.ts).
 */
export const section = (
  label: string,
  icon: ComponentType,
  list: Preloadable<object>,
  extras: SectionExtras = {},
) => ({
  list,
  icon,
  options: { label },
  ...extras,
});
