import { describe, expect, it } from 'vitest';
import { findUnstorable } from '../../src-server/plugins/noNul';

/** Where the first NUL is, as the hook names it, or null. */
const findNul = (root: unknown) => {
  const found = findUnstorable(root);
  return found?.problem === 'nul' ? found.path : null;
};

describe('findUnstorable', () => {
  it('names the first field, nested field or key that holds a NUL', () => {
    expect(findNul({ name: 'Sam', tags: ['a', 'b\u0000'] })).toBe('tags.1');
    expect(findNul({ 'a\u0000b': 1 })).toBe('ab');
    expect(findNul('x\u0000')).toBe('');
    expect(findNul({ name: 'Sam', n: 1, ok: true, none: null })).toBeNull();
  });

  it('walks a body nested deeper than the call stack without failing', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });

  it('skips raw bytes, which are not stored as text', () => {
    expect(findNul(Buffer.from([0, 0, 0]))).toBeNull();
  });

  it('names a string or key holding half of a surrogate pair, and lets whole pairs through', () => {
    expect(findUnstorable({ reason: 'Spam \ud800x' })).toEqual({ path: 'reason', problem: 'surrogate' });
    expect(findUnstorable({ list: ['ok', 'x\udc00'] })).toEqual({ path: 'list.1', problem: 'surrogate' });
    expect(findUnstorable({ 'k\udbff': 1 })).toEqual({ path: 'k\udbff', problem: 'surrogate' });
    expect(findUnstorable({ reason: 'Spam 🚩 900 saves', e: '\ud83d\udea9' })).toBeNull();
  });
});
