// react-admin's query client starts with the session's role and identity (src-admin/providers/sessionQueryClient.ts),
// under react-admin's own keys: its hooks read them on their first render instead of asking the auth provider.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreAdminContext, useGetIdentity, usePermissions, type AuthProvider } from 'react-admin';
import { sessionQueryClient } from '../../src-admin/providers/sessionQueryClient';
import { createAuthProvider } from '../../src-admin/providers/authProvider';
import { profile } from './fixtures';

afterEach(cleanup);

const operator = profile({ _id: 'op1', email: 'ops@example.com', displayName: 'Ops Person', role: 'admin' });

/** What the hooks hold on each render, first render first. */
function Probe({ seen }: { seen: string[] }) {
  const { permissions } = usePermissions();
  const { identity } = useGetIdentity();
  seen.push(`${permissions ?? '-'} / ${identity?.fullName ?? '-'}`);
  return <p>ready</p>;
}

describe('the console’s query client', () => {
  it('gives react-admin the role and the name on its first render, without asking the auth provider', async () => {
    const auth = createAuthProvider(operator);
    const spied: AuthProvider = {
      ...auth,
      getPermissions: vi.fn(auth.getPermissions),
      getIdentity: vi.fn(auth.getIdentity!),
    };
    const seen: string[] = [];
    render(
      <CoreAdminContext authProvider={spied} queryClient={sessionQueryClient(operator)}>
        <Probe seen={seen} />
      </CoreAdminContext>,
    );
    await screen.findByText('ready');
    expect(seen[0]).toBe('admin / Ops Person');
    expect(new Set(seen)).toEqual(new Set(['admin / Ops Person']));
    expect(spied.getPermissions).not.toHaveBeenCalled();
    expect(spied.getIdentity).not.toHaveBeenCalled();
  });

  it('names an operator without a display name by their email', () => {
    const client = sessionQueryClient(
      profile({ _id: 'op2', email: 'x@example.com', displayName: '', name: '' }),
    );
    expect(client.getQueryData(['auth', 'getIdentity'])).toEqual({ id: 'op2', fullName: 'x@example.com' });
  });
});
