import { describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import { AHEAD_KEEP_MS, openingParams, withListsAhead } from '../../src-admin/providers/listsAhead';
import { userFirstPage } from '../../src-admin/users/userData';

const params = (page = 1, filter: Record<string, unknown> = {}): GetListParams => ({
  pagination: { page, perPage: 25 },
  sort: { field: 'createdAt', order: 'DESC' },
  filter,
});

/** A provider whose getList counts its calls and answers one row naming the call. */
function counting(fail = false) {
  let calls = 0;
  const getList = vi.fn(async () => {
    calls++;
    if (fail) throw Object.assign(new Error('Failed to load users.'), { status: 500 });
    return { data: [{ id: `call-${calls}` }], total: 1 };
  });
  return { provider: { getList } as unknown as DataProvider, getList };
}

describe('a list page fetched ahead of its screen', () => {
  it('answers the screen’s own request for the same page without asking the server again', async () => {
    const { provider, getList } = counting();
    const ahead = withListsAhead(provider);
    ahead.fetchListAhead('users', params(1, { plan: 'pro', q: 'ann' }));
    // react-admin builds its filter in its own order; the page is the same.
    const shown = await ahead.getList('users', params(1, { q: 'ann', plan: 'pro' }));
    expect(shown.data).toEqual([{ id: 'call-1' }]);
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('answers once: a reload of the same page asks the server', async () => {
    const { provider, getList } = counting();
    const ahead = withListsAhead(provider);
    ahead.fetchListAhead('users', params());
    await ahead.getList('users', params());
    const reloaded = await ahead.getList('users', params());
    expect(reloaded.data).toEqual([{ id: 'call-2' }]);
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('leaves another page, another resource and a call with meta to the server', async () => {
    const { provider, getList } = counting();
    const ahead = withListsAhead(provider);
    ahead.fetchListAhead('users', params(1));
    expect((await ahead.getList('users', params(2))).data).toEqual([{ id: 'call-2' }]);
    expect((await ahead.getList('coupons', params(1))).data).toEqual([{ id: 'call-3' }]);
    expect((await ahead.getList('users', { ...params(1), meta: { x: 1 } })).data).toEqual([{ id: 'call-4' }]);
    expect(getList).toHaveBeenCalledTimes(4);
  });

  it(`is dropped when nobody asks for it within ${AHEAD_KEEP_MS / 1000} s`, async () => {
    const { provider, getList } = counting();
    let now = 1_000;
    const ahead = withListsAhead(provider, () => now);
    ahead.fetchListAhead('users', params());
    now += AHEAD_KEEP_MS;
    expect((await ahead.getList('users', params())).data).toEqual([{ id: 'call-2' }]);
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('hands its failure to the screen that takes it, and one nobody takes raises nothing', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { provider } = counting(true);
      const ahead = withListsAhead(provider);
      ahead.fetchListAhead('users', params());
      ahead.fetchListAhead('coupons', params());
      await expect(ahead.getList('users', params())).rejects.toMatchObject({
        message: 'Failed to load users.',
        status: 500,
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('the params a list opens with', () => {
  it('are the list’s own order and page size when the operator left none', () => {
    expect(openingParams(userFirstPage)).toEqual({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
  });

  it('are the operator’s stored ones where present', () => {
    expect(
      openingParams(userFirstPage, { sort: 'email', order: 'ASC', perPage: 50, filter: { plan: 'pro' } }),
    ).toEqual({
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'email', order: 'ASC' },
      filter: { plan: 'pro' },
    });
  });
});
