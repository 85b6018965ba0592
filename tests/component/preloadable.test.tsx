import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src-admin/common/preloadable';

afterEach(cleanup);

const Screen = ({ name }: { name: string }) => <h1>{name}</h1>;
const show = (Component: (p: { name: string }) => React.ReactElement) =>
  render(
    <Suspense fallback={<p>Loading screen…</p>}>
      <Component name="Users" />
    </Suspense>,
  );

describe('a screen whose code can load ahead', () => {
  it('renders straight away once preloaded, never showing the fallback', async () => {
    const load = vi.fn(async () => Screen);
    const Users = preloadable(load);
    await Users.preload();
    show(Users);
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('Loading screen…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while its code arrives when nobody preloaded it, and downloads it once', async () => {
    let arrive!: () => void;
    const load = vi.fn(() => new Promise<typeof Screen>((r) => (arrive = () => r(Screen))));
    const Users = preloadable(load);
    show(Users);
    expect(screen.getByText('Loading screen…')).toBeInTheDocument();
    const preloaded = Users.preload();
    await act(async () => {
      arrive();
      await preloaded;
    });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Screen);
    const Users = preloadable(load);
    await expect(Users.preload()).rejects.toThrow('offline');
    await Users.preload();
    show(Users);
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
