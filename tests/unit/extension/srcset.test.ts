import { describe, expect, it } from 'vitest';
import { largestSrcsetEntry } from '../../../src-extension/content/srcset';

describe('largestSrcsetEntry', () => {
  it('takes the widest of width descriptors, in any order', () => {
    expect(
      largestSrcsetEntry(
        'https://a.test/640.jpg 640w, https://a.test/1080.jpg 1080w, https://a.test/320.jpg 320w',
      ),
    ).toBe('https://a.test/1080.jpg');
  });

  it('takes the densest of density descriptors; a candidate without one counts as 1x', () => {
    expect(
      largestSrcsetEntry(
        'https://i.test/236x/p.jpg, https://i.test/474x/p.jpg 2x,https://i.test/originals/p.jpg 4x',
      ),
    ).toBe('https://i.test/originals/p.jpg');
  });

  it('keeps commas inside a URL, as the standard reads them', () => {
    expect(
      largestSrcsetEntry('https://c.test/w_100,h_100/p.jpg 100w, https://c.test/w_800,h_800/p.jpg 800w'),
    ).toBe('https://c.test/w_800,h_800/p.jpg');
  });

  it('answers undefined for an empty or missing srcset', () => {
    expect(largestSrcsetEntry('')).toBeUndefined();
    expect(largestSrcsetEntry(null)).toBeUndefined();
    expect(largestSrcsetEntry(' , ')).toBeUndefined();
  });
});
