// The Users rows share one react-admin update (src-admin/users/userChanges.tsx): each row still waits for its
// own change only, and each refusal is still reported, when several rows change at once.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { held, jsonResponse, openConsole, rowOf, serverList } from './adminHarness';
import { numberedUserRow } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const USERS = [1, 2, 3].map((i) => numberedUserRow(i, { adsDisabled: false }, i * 1000));
const REFUSED = 'Cancel the Stripe subscription before downgrading';

const button = (email: string, name: string) => within(rowOf(email)).getByRole('button', { name });

describe('changing several users at once from their rows', () => {
  it('keeps each row busy only while its own change is on the way, and reports each refusal', async () => {
    const plan = held();
    const ads = held();
    await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'PATCH /admin/users/u1/subscription': plan.route,
        'PATCH /admin/users/u2/ads': ads.route,
      },
      'user1@example.com',
      '/admin/users',
    );
    const premium = USERS[0].plan === 'premium' ? 'Downgrade' : 'Upgrade';
    await userEvent.click(button('user1@example.com', premium));
    await waitFor(() => expect(button('user1@example.com', premium)).toBeDisabled());
    expect(button('user2@example.com', 'Disable Ads')).toBeEnabled();

    await userEvent.click(button('user2@example.com', 'Disable Ads'));
    await waitFor(() => expect(button('user2@example.com', 'Disable Ads')).toBeDisabled());
    expect(within(rowOf('user2@example.com')).getByRole('switch')).toBeDisabled();
    expect(button('user3@example.com', 'Disable Ads')).toBeEnabled();

    // The second change lands first: its row is free again while the first still waits.
    ads.release(jsonResponse({ ...USERS[1], adsDisabled: true }));
    await waitFor(() => expect(button('user2@example.com', 'Enable Ads')).toBeEnabled());
    expect(button('user1@example.com', premium)).toBeDisabled();

    // Then the first is refused: the server's reason is shown and the row can be used again.
    plan.release(jsonResponse({ message: REFUSED }, 409));
    expect(await screen.findByText(`Failed to update user plan. ${REFUSED}`)).toBeInTheDocument();
    await waitFor(() => expect(button('user1@example.com', premium)).toBeEnabled());
  });

  it('opens the sign-out confirmation only when asked, and closes it after the call', async () => {
    const revoke = held();
    await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'POST /admin/users/u3/revoke-sessions': revoke.route,
      },
      'user1@example.com',
      '/admin/users',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const signOut = within(rowOf('user3@example.com')).getByRole('button', {
      name: 'Sign user3@example.com out everywhere',
    });
    expect(signOut).toHaveAttribute('title', 'Sign out everywhere');
    await userEvent.click(signOut);
    const confirm = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    revoke.release(jsonResponse({ message: 'Signed out of 2 sessions' }));
    expect(await screen.findByText('Signed out of 2 sessions')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out everywhere?' })).toBeNull());
  });
});
