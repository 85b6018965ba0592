import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvFilename, neutraliseCell, toCsv } from '../../src-admin/csv/csv';
import {
  amountLimits,
  couponDiscount,
  couponDisplayStatus,
  couponExpiry,
  couponFormError,
  couponPayload,
  couponUsage,
  normaliseCode,
} from '../../src-admin/coupons/couponStatus';
import { topReasons } from '../../src-admin/flagged/topReasons';
import { flaggedDate, flaggedReason } from '../../src-admin/flagged/flaggedFormat';
import { storageUsedOfLimit } from '../../src-admin/common/usageFormat';
import { aiConfigRows, keyNote, lastUpdated } from '../../src-admin/ai-config/aiConfigRows';
import { applyListParams, mapBounded, sortRows } from '../../src-admin/providers/listQuery';
import { sectionIndex } from '../../src-admin/layout/sections';
import { NAVIGATION, SECTIONS } from '../../src-admin/registry';
import { suspiciousCsvColumns } from '../../src-admin/suspicious/suspiciousCsv';
import type { SuspiciousUser } from '../../src/contract/admin';

describe('CSV', () => {
  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx'])('neutralises a cell starting %j', (v) => {
    expect(neutraliseCell(v)).toBe(`'${v}`);
  });
  it('leaves ordinary cells and every number alone, and empties null', () => {
    expect(neutraliseCell('alice@example.com')).toBe('alice@example.com');
    expect(neutraliseCell(12)).toBe(12);
    expect(neutraliseCell(-1.5)).toBe(-1.5);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe('');
  });
  it('quotes every cell, and round-trips through a parser', () => {
    const text = toCsv(
      [{ a: 'x, "y"', b: '=1+1' }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
      ],
    );
    expect(text.split('\r\n')[0]).toBe('"A","B"');
    expect(Papa.parse<string[]>(text).data[1]).toEqual(['x, "y"', "'=1+1"]);
  });
  it('keeps a value with ; in one cell for a spreadsheet that splits on ;', () => {
    const text = toCsv(
      [{ reasons: 'High tokens; High storage', cost: 1.25 }],
      [
        { header: 'Reasons', value: (r) => r.reasons },
        { header: 'Cost', value: (r) => r.cost },
      ],
    );
    expect(text.split('\r\n')[1]).toBe('"High tokens; High storage","1.25"');
    // Split on ; as such a spreadsheet does, the quoted value is not cut in two.
    expect(Papa.parse<string[]>(text, { delimiter: ';' }).data[1]).toHaveLength(1);
  });
  it('keeps negative numbers as numbers and neutralises only text that starts like a formula', () => {
    const text = toCsv(
      [{ delta: -3, note: '-3 tokens', cmd: '@SUM(A1)' }],
      [
        { header: 'Delta', value: (r) => r.delta },
        { header: 'Note', value: (r) => r.note },
        { header: 'Cmd', value: (r) => r.cmd },
      ],
    );
    expect(Papa.parse<string[]>(text).data[1]).toEqual(['-3', "'-3 tokens", "'@SUM(A1)"]);
  });
  it('puts the date in the filename', () => {
    expect(csvFilename('suspicious-users', new Date('2026-11-22T12:00:00Z'))).toBe(
      'suspicious-users-2026-11-22.csv',
    );
  });
  it('exports suspicious users with exactly the spec columns', () => {
    const u: SuspiciousUser = {
      _id: '1',
      email: 'a@x.com',
      displayName: 'Ann',
      name: 'Ann B',
      plan: 'free',
      tokensUsed30d: 1200,
      storageUsedMB: 12.345,
      estimatedCost: 1.23456,
      flaggedForAbuse: true,
      suspiciousReasons: ['High tokens', 'High storage'],
    };
    const rows = Papa.parse<string[]>(toCsv([u], suspiciousCsvColumns)).data;
    expect(rows[0]).toEqual([
      'Email',
      'Name',
      'Plan',
      'Tokens (30d)',
      'Storage (MB)',
      'Estimated Cost',
      'Flagged',
      'Reasons',
    ]);
    expect(rows[1]).toEqual([
      'a@x.com',
      'Ann',
      'free',
      '1200',
      '12.35',
      '1.235',
      'Yes',
      'High tokens; High storage',
    ]);
  });
});

describe('coupon rules', () => {
  const base = { isActive: true, isExpired: false, usageLimit: null as number | null, usedCount: 0 };
  it('display status: Inactive, Expired, Used Up, Active in that order', () => {
    expect(couponDisplayStatus({ ...base, isActive: false, isExpired: true })).toBe('Inactive');
    expect(couponDisplayStatus({ ...base, isExpired: true, usageLimit: 1, usedCount: 1 })).toBe('Expired');
    expect(couponDisplayStatus({ ...base, usageLimit: 2, usedCount: 2 })).toBe('Used Up');
    expect(couponDisplayStatus({ ...base, usageLimit: 2, usedCount: 1 })).toBe('Active');
    expect(couponDisplayStatus(base)).toBe('Active');
  });
  it('usage, expiry and discount labels', () => {
    expect(couponUsage({ usedCount: 3, usageLimit: 10 })).toBe('3 / 10');
    expect(couponUsage({ usedCount: 3, usageLimit: null })).toBe('3 / ∞');
    expect(couponExpiry({ expiresAt: null })).toBe('Never');
    expect(couponExpiry({ expiresAt: '2027-01-05T10:00:00Z' })).toMatch(/2027/);
    expect(couponDiscount({ discountType: 'percentage', amount: 15 })).toBe('15%');
    expect(couponDiscount({ discountType: 'fixed', amount: 2.5 })).toBe('$2.50');
  });
  it('upper-cases the code and drops other characters', () => {
    expect(normaliseCode('spring-20 x')).toBe('SPRING20X');
  });
  it('limits the amount by type', () => {
    expect(amountLimits('percentage')).toEqual({ min: 0, max: 100, step: 1 });
    expect(amountLimits('fixed')).toEqual({ min: 0, max: 1_000_000, step: 0.01 });
  });
  const form = {
    code: 'save10',
    discountType: 'percentage' as const,
    amount: '10',
    usageLimit: '',
    expiresAt: '',
  };
  it('sends empty optionals as null and numbers as numbers', () => {
    expect(couponPayload(form)).toEqual({
      code: 'SAVE10',
      discountType: 'percentage',
      amount: 10,
      usageLimit: null,
      expiresAt: null,
    });
    const p = couponPayload({ ...form, usageLimit: '5', expiresAt: '2027-01-01T10:00' });
    expect(p.usageLimit).toBe(5);
    expect(p.expiresAt).toBe(new Date('2027-01-01T10:00').toISOString());
  });
  it.each([
    [{ code: '' }, 'Code is required'],
    [{ amount: '' }, 'Amount is required'],
    [{ amount: '-1' }, 'Amount must be at least 0'],
    [{ amount: '101' }, 'A percentage cannot exceed 100'],
    [{ amount: '10.5' }, 'A percentage must be a whole number'],
    [{ usageLimit: '0' }, 'Usage limit must be at least 1'],
    [{ discountType: 'fixed' as const, amount: '1000000.01' }, 'A fixed amount can be at most 1,000,000'],
    [{ usageLimit: '1000000000000000' }, 'Usage limit can be at most 1,000,000,000'],
  ])('rejects %j', (patch, text) => {
    expect(couponFormError({ ...form, ...patch })).toBe(text);
  });
  it('accepts a fixed amount with cents and above 100', () => {
    expect(couponFormError({ ...form, discountType: 'fixed', amount: '150.25' })).toBeNull();
  });
});

describe('flagged', () => {
  it('Top Reasons: the text before the first colon, without repeats', () => {
    expect(
      topReasons([
        { reason: 'Excessive storage: 12 GB' },
        { reason: 'Excessive storage: 15 GB' },
        { reason: 'Token abuse: 2M' },
        { reason: 'Spam' },
        { reason: 'Other: x' },
      ]),
    ).toEqual(['Excessive storage', 'Token abuse', 'Spam']);
  });
  it('reason, date and storage fallbacks', () => {
    expect(flaggedReason({ lastFlaggedReason: null })).toBe('No reason provided');
    expect(flaggedReason({ lastFlaggedReason: '  ' })).toBe('No reason provided');
    expect(flaggedDate({ flaggedAt: null })).toBe('Unknown');
    expect(storageUsedOfLimit(512 * 1048576, 1024 * 1048576)).toBe('512 MB / 1.00 GB');
  });
});

describe('AI config rows', () => {
  const catalogue = {
    taskTypes: [
      { id: 'tagging', name: 'Tagging', description: 'Tags posts' },
      { id: 'summary', name: 'Summary', description: 'Summarises' },
    ],
    providers: {
      openai: { name: 'OpenAI', models: [{ id: 'gpt', name: 'GPT' }], configured: true },
      anthropic: { name: 'Anthropic', models: [{ id: 'claude', name: 'Claude' }], configured: false },
    },
  };
  it('falls back to openai with the default model for a task without config', () => {
    const rows = aiConfigRows(catalogue, [
      { taskType: 'summary', provider: 'anthropic', model: 'claude', updatedAt: '2026-11-01T00:00:00Z' },
    ]);
    expect(rows[0]).toMatchObject({ taskType: 'tagging', provider: 'openai', model: null, updatedAt: null });
    expect(rows[1]).toMatchObject({ taskType: 'summary', provider: 'anthropic', model: 'claude' });
  });
  it('says what a missing API key means for the row: a fallback to OpenAI, or none for OpenAI itself', () => {
    const rows = aiConfigRows(catalogue, [
      { taskType: 'summary', provider: 'anthropic', model: null, updatedAt: '2026-11-01T00:00:00Z' },
    ]);
    expect(rows.map((r) => r.keyNote)).toEqual([null, 'No API key: requests fall back to OpenAI']);
    const noOpenAi = {
      ...catalogue,
      providers: { ...catalogue.providers, openai: { ...catalogue.providers.openai, configured: false } },
    };
    expect(keyNote(noOpenAi, 'openai')).toBe(
      'No API key: its requests fail, and failed requests have no fallback',
    );
    expect(keyNote(noOpenAi, 'anthropic')).toBe('No API key: requests fall back to OpenAI');
  });
  it('last updated is the newest', () => {
    expect(lastUpdated([{ updatedAt: '2026-01-01T00:00:00Z' }, { updatedAt: '2026-03-01T00:00:00Z' }])).toBe(
      '2026-03-01T00:00:00Z',
    );
    expect(lastUpdated([])).toBeNull();
  });
});

describe('list helpers', () => {
  it('sorts with missing values last in both orders', () => {
    const rows = [{ v: 2 }, { v: null }, { v: 10 }, { v: 1 }];
    expect(sortRows(rows, 'v', 'ASC').map((r) => r.v)).toEqual([1, 2, 10, null]);
    expect(sortRows(rows, 'v', 'DESC').map((r) => r.v)).toEqual([10, 2, 1, null]);
  });
  it('pages after filtering and reports the filtered total', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ n: i }));
    const res = applyListParams(
      rows,
      { filter: {}, sort: { field: 'n', order: 'ASC' }, pagination: { page: 3, perPage: 5 } },
      () => true,
    );
    expect(res).toEqual({ data: [{ n: 10 }, { n: 11 }], total: 12 });
  });
  it('mapBounded keeps order and the limit', async () => {
    let live = 0;
    let peak = 0;
    const out = await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (x) => {
      live++;
      peak = Math.max(peak, live);
      await new Promise((r) => setTimeout(r, 2));
      live--;
      return x * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(peak).toBe(3);
  });
});

describe('sections', () => {
  it('has the six spec labels in order, then Support and Audit log; the tab bar adds Overview first and Cost analysis last', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      'Users',
      'Coupons',
      'Flagged Users',
      'AI Provider Settings',
      'Suspicious Users',
      'Support',
      'Audit log',
    ]);
    expect(NAVIGATION.map((s) => s.label)).toEqual([
      'Overview',
      ...SECTIONS.map((s) => s.label),
      'Cost analysis',
    ]);
  });
  it('maps a path to its tab', () => {
    const at = (path: string) => sectionIndex(NAVIGATION, path, '/admin');
    expect(at('/admin')).toBe(0);
    expect(at('/admin/coupons')).toBe(2);
    expect(at('/admin/ai-config/x')).toBe(4);
    expect(at('/admin/messages/42/show')).toBe(6);
    expect(at('/admin/cost-analysis')).toBe(8);
    expect(at('/admin/nowhere')).toBe(-1);
  });
});

describe('overview chart series', () => {
  it('stacks users per plan by status, with "none" for no status', async () => {
    const { planStatusSeries } = await import('../../src-admin/pages/overview/overviewSeries');
    const { plans, statuses } = planStatusSeries([
      { plan: 'free', status: '', count: 80 },
      { plan: 'premium', status: 'active', count: 15 },
      { plan: 'premium', status: 'trialing', count: 3 },
    ]);
    expect(statuses).toEqual(['none', 'active', 'trialing']);
    expect(plans).toEqual([
      { plan: 'free', none: 80, active: 0, trialing: 0 },
      { plan: 'premium', none: 0, active: 15, trialing: 3 },
    ]);
  });

  it('sets today apart on the daily chart: solid lines end at yesterday, dashed ones carry on to today', async () => {
    const { dailySeries } = await import('../../src-admin/pages/overview/overviewSeries');
    const days = [
      { day: '2026-11-24', tokens: 900, cost: 0.09 },
      { day: '2026-11-25', tokens: 1000, cost: 0.1 },
      { day: '2026-11-26', tokens: 40, cost: 0.004 },
    ];
    expect(dailySeries(days, '2026-11-26')).toEqual([
      { day: '2026-11-24', today: false, tokens: 900, cost: 0.09, tokensSoFar: null, costSoFar: null },
      { day: '2026-11-25', today: false, tokens: 1000, cost: 0.1, tokensSoFar: 1000, costSoFar: 0.1 },
      { day: '2026-11-26', today: true, tokens: null, cost: null, tokensSoFar: 40, costSoFar: 0.004 },
    ]);
    // A series that does not reach today (a backend that leaves quiet days out) has no partial day.
    expect(dailySeries(days, '2026-11-27').every((d) => !d.today && d.tokensSoFar === null)).toBe(true);
    expect(dailySeries([], '2026-11-26')).toEqual([]);
  });
});
