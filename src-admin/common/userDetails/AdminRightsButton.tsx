import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Confirm, useGetIdentity, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { RoleChoice } from '../../../src/contract/admin';
import { useAdminProvider } from '../adminQueries';

/** What each change asks before it is made; the server says what it did. */
const ASK: Record<RoleChoice, { button: string; title: (email: string) => string; content: string }> = {
  admin: {
    button: 'Make admin',
    title: (email) => `Make ${email} an admin?`,
    content:
      'They get the whole console and the admin API: every account, coupons, AI settings, support messages and ' +
      'the audit log.',
  },
  user: {
    button: 'Remove admin rights',
    title: (email) => `Remove admin rights from ${email}?`,
    content:
      'They lose the console at once: every session of theirs ends, on every device. They can sign in again as ' +
      'an ordinary user; only an operator can give the rights back.',
  },
};

export const CANNOT_REMOVE_OWN = 'Another operator can remove your admin rights.';
export const ONLY_VERIFIED = 'Only a verified address can be given admin rights.';

/**
 * Make admin, or Remove admin rights, after a confirmation (docs/product.md#operators-and-admin-rights). The
 * server refuses what this button does not offer (your own rights, an unverified address, the last admin).
 */
export function AdminRightsButton({
  userId,
  email,
  role,
  emailVerified,
}: {
  userId: string;
  email: string;
  role: string;
  emailVerified: boolean;
}) {
  const { identity } = useGetIdentity();
  const [asking, setAsking] = useState(false);
  const next: RoleChoice = role === 'admin' ? 'user' : 'admin';
  const reason =
    next === 'user' && identity?.id === userId
      ? CANNOT_REMOVE_OWN
      : next === 'admin' && !emailVerified
        ? ONLY_VERIFIED
        : null;
  return (
    <>
      <Button
        size="small"
        color={next === 'user' ? 'error' : 'primary'}
        disabled={reason !== null}
        onClick={() => setAsking(true)}
      >
        {ASK[next].button}
      </Button>
      {reason ? (
        <Typography variant="caption" color="text.secondary">
          {reason}
        </Typography>
      ) : null}
      {/* Mounted only while asked, as the other confirmations of the dialog. */}
      {asking ? (
        <AdminRightsConfirm userId={userId} email={email} role={next} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}

function AdminRightsConfirm({
  userId,
  email,
  role,
  onClose,
}: {
  userId: string;
  email: string;
  role: RoleChoice;
  onClose: () => void;
}) {
  const provider = useAdminProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: () => provider.setRole(userId, role),
    onSuccess: (body) => {
      notify(body.message, { type: 'success' });
      // The role shown, the audit entries beside it and the lists all reload.
      refresh();
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
    onSettled: onClose,
  });
  return (
    <Confirm
      isOpen
      loading={isPending}
      title={ASK[role].title(email)}
      content={ASK[role].content}
      confirm={ASK[role].button}
      onConfirm={() => mutate()}
      onClose={onClose}
    />
  );
}
