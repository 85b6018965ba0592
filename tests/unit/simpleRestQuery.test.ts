import { describe, expect, it } from 'vitest';
import { simpleRestOf } from '../../src-server/admin/simpleRest';
import { newViolations, violations } from '../../src-server/admin/abuseRules';

describe('simpleRestOf', () => {
  it("leaves the spec's own query alone", () => {
    expect(simpleRestOf({})).toBeNull();
    expect(simpleRestOf({ sort: 'email', order: 'ASC', page: 2, perPage: 10 })).toBeNull();
  });

  it('reads getList: sort, range and filter', () => {
    expect(
      simpleRestOf({ sort: '["email","desc"]', range: '[25,49]', filter: '{"q":"sam","plan":null,"x":""}' }),
    ).toEqual({ params: { sort: 'email', order: 'DESC', offset: 25, limit: 25 }, filter: { q: 'sam' } });
  });

  it('reads getMany: a filter of ids, the whole list', () => {
    expect(simpleRestOf({ filter: '{"id":["a","b"]}' })).toEqual({
      params: { sort: undefined, order: undefined, page: undefined, perPage: undefined },
      filter: { id: ['a', 'b'] },
    });
  });

  it.each([
    [{ sort: '["email"]' }, 'sort must be a field and a direction, e.g. sort=["email","ASC"]'],
    [{ range: '[-1,5]' }, 'range must be the first and last row, e.g. range=[0,24]'],
    [{ range: '[0.5,5]' }, 'range must be the first and last row, e.g. range=[0,24]'],
    [{ filter: 'null' }, 'filter must be a JSON object, e.g. filter={"q":"sam"}'],
  ])('refuses %j', (query, message) => {
    expect(() => simpleRestOf(query)).toThrow(message);
  });
});

describe('newViolations', () => {
  const t = { TOKENS_30D: 1000, STORAGE_GB: 1, COST_DOLLAR: 100 };
  const u = { tokens30d: 1500, aiCost30d: 0, storageUsed: 0, storageLimit: 1024 ** 3 };

  it('counts every violation of a user never cleared', () => {
    expect(newViolations(u, null, t, 0.1)).toEqual(violations(u, t, 0.1));
  });

  it('counts a rule again only once its figure grows past the remembered one', () => {
    expect(newViolations(u, u, t, 0.1)).toEqual([]);
    expect(newViolations({ ...u, tokens30d: 1501 }, u, t, 0.1)).toEqual([
      'Tokens: 1,501 tokens in 30 days (threshold 1,000)',
    ]);
    expect(newViolations({ ...u, tokens30d: 1200 }, u, t, 0.1)).toEqual([]);
  });
});
