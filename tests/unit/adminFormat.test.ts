import { describe, expect, it } from 'vitest';
import { bytesToMB, costColour, formatCost, formatEpochDate, formatStorage } from '../../src/format';

describe('docs/product.md#formatting formatting', () => {
  it('storage in MB below 1 GB, GB with two decimals from 1 GB (bytes / 1048576)', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(5 * 1048576)).toBe('5 MB');
    expect(formatStorage(1023 * 1048576)).toBe('1023 MB');
    expect(formatStorage(1024 * 1048576)).toBe('1.00 GB');
    expect(formatStorage(1.5 * 1024 * 1048576)).toBe('1.50 GB');
    expect(bytesToMB(1572864)).toBe(1.5);
  });
  it('costs with three decimals', () => {
    expect(formatCost(1.23456)).toBe('$1.235');
    expect(formatCost(0)).toBe('$0.000');
    expect(formatCost(undefined)).toBe('$0.000');
  });
  it('cost colour: above 1 red, above 0.5 orange, otherwise green', () => {
    expect(costColour(1.001)).toBe('red');
    expect(costColour(1)).toBe('orange');
    expect(costColour(0.51)).toBe('orange');
    expect(costColour(0.5)).toBe('green');
    expect(costColour(0)).toBe('green');
  });
  it('epoch-second dates, N/A when missing, Invalid date when unparsable', () => {
    expect(formatEpochDate(1767225600)).toMatch(/2026/);
    expect(formatEpochDate(null)).toBe('N/A');
    expect(formatEpochDate('abc')).toBe('Invalid date');
  });
});
