import { QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../src/contract/user';
import { identityOf } from './authProvider';

/**
 * react-admin's query client, started with the answers the resolved session already holds: the operator's
 * role (react-admin's permissions) and identity. Asked for after mount instead, the permissions arrive a
 * moment later and react-admin registers every resource again, which renders the whole console once more
 * while it opens (docs/PERFORMANCE.md#lighter-rows). The keys are react-admin's own for these two calls.
 */
export function sessionQueryClient(profile: Profile): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['auth', 'getPermissions', {}], profile.role);
  client.setQueryData(['auth', 'getIdentity'], identityOf(profile));
  return client;
}
