import { describe, expect, it } from 'vitest';
import { SORTABLE } from '../../src/contract/adminSort';
import { NAVIGATION, RESOURCE_SPECS, SECTIONS } from '../../src-admin/registry';

// The console's sections are listed once (src-admin/registry.ts); the server's sort keys once (the contract).
// A list that opened sorted by a key its server does not know answered 400 (the audit log's sort bug).
describe('the console registry', () => {
  const lists = SECTIONS.filter((s) => s.spec.firstPage);

  it('gives every list the contract sort keys its server answers to, by its resource name', () => {
    expect(Object.fromEntries(lists.map((s) => [s.name, s.spec.sortKeys]))).toEqual(SORTABLE);
  });

  it.each(lists.map((s) => [s.name, s] as const))('opens %s sorted by a key its server sorts by', (_, s) => {
    expect(SORTABLE[s.name as keyof typeof SORTABLE]).toContain(s.spec.firstPage!.sort.field);
  });

  it('hands the data provider each section endpoint by resource name, and lists each section once', () => {
    expect(Object.keys(RESOURCE_SPECS)).toEqual(SECTIONS.map((s) => s.name));
    expect(RESOURCE_SPECS.flagged.path).toBe('users/flagged');
    expect(new Set(NAVIGATION.map((t) => t.path)).size).toBe(NAVIGATION.length);
  });
});
