import type { ResourceSpec } from './resourceSpec';

/**
 * Each resource's endpoint by react-admin resource name. The console's root derives them from its registry
 * (registry.ts) and hands them to the provider, which never imports a section.
 */
export type ResourceSpecs = Readonly<Record<string, ResourceSpec>>;

/** The simple-rest path of a react-admin resource: the spec's endpoint when it differs from the name. */
export const pathOf = (specs: ResourceSpecs, resource: string) => specs[resource]?.path ?? resource;
