import type { ComponentType } from 'react';
import type { ResourceSpec } from '../providers/resourceSpec';
import type { Preloadable } from './preloadable';

/**
 * One console section as the registry (`registry.ts`) lists it. The `<Resource>`, the tab, the opening screen's
 * fetch ahead and the data provider's route to its endpoint are all derived from this one entry.
 */
export interface ConsoleSection {
  /** react-admin's resource name, which is also the section's address under /admin and its contract sort list. */
  name: string;
  /** The tab's and the app bar's label, as docs/product.md#console-sections names the section. */
  label: string;
  icon: ComponentType;
  /** Its screens, each its own chunk: opening one section downloads only its code. */
  list: Preloadable<object>;
  show?: Preloadable<object>;
  /** How react-admin names one record (a user by email, a coupon by code). */
  recordRepresentation?: string;
  /** Its screen shows its own heading; a list names itself in the app bar only, so the tab bar gives it one. */
  ownHeading?: boolean;
  /** Its endpoint, for the data provider. */
  spec: ResourceSpec;
}

/** A screen beside the sections (overview, cost analysis): a tab and lazily loaded code, no resource. */
export interface ConsolePage {
  label: string;
  /** Its address under /admin ('' for the overview). */
  path: string;
  screen: Preloadable<object>;
}
