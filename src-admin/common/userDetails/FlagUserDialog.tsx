import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import type { AdminUser } from '../../../src/contract/admin';
import { useAdminProvider } from '../adminQueries';
import { RequiredText } from '../RequiredText';

type UserOption = Pick<AdminUser, 'email' | 'name' | 'displayName'> & { id: string };

/** Search starts from this many characters; shorter text is taken as typed (a pasted id, say). */
const MIN_SEARCH = 2;

const optionLabel = (o: UserOption | string) =>
  typeof o === 'string' ? o : `${o.displayName || o.name} <${o.email}>`;

/**
 * Flag User: User ID and Reason for Flagging, both required. The user field finds users by email or name
 * as the operator types; an id pasted in is sent as it is.
 */
export function FlagUserDialog({
  open,
  onClose,
  onFlagged,
  user,
}: {
  open: boolean;
  onClose: () => void;
  onFlagged: () => void;
  /** A user chosen already (the Flag action of a Users row). */
  user?: UserOption;
}) {
  const provider = useAdminProvider();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<UserOption | null>(null);
  const [reason, setReason] = useState('');
  const term = input.trim();
  const { data: options = [], isFetching } = useGetList<UserOption>(
    'users',
    { pagination: { page: 1, perPage: 10 }, sort: { field: 'email', order: 'ASC' }, filter: { q: term } },
    { enabled: open && !user && term.length >= MIN_SEARCH && !chosen },
  );
  const target = user ?? chosen;
  const userId = target?.id ?? term;
  const flag = useMutation({
    mutationFn: () => provider.flag(userId, reason.trim()),
    onSuccess: () => {
      close();
      onFlagged();
    },
  });
  const ready = userId !== '' && reason.trim() !== '';

  function close() {
    setInput('');
    setChosen(null);
    setReason('');
    flag.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="flag-user-title">
      <DialogTitle id="flag-user-title">Flag User</DialogTitle>
      <DialogContent>
        {flag.error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {flag.error.message}
          </Alert>
        ) : null}
        {user ? (
          <TextField label="User ID" fullWidth margin="dense" value={optionLabel(user)} disabled />
        ) : (
          <Autocomplete<UserOption, false, false, true>
            freeSolo
            options={options}
            loading={isFetching}
            filterOptions={(o) => o}
            getOptionLabel={optionLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            inputValue={input}
            onInputChange={(_e, value, why) => {
              setInput(value);
              if (why === 'input') setChosen(null);
            }}
            value={chosen}
            onChange={(_e, value) => setChosen(value && typeof value !== 'string' ? value : null)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="User ID"
                required
                margin="dense"
                helperText="Type an email or a name to find the user, or paste their ID"
              />
            )}
          />
        )}
        <RequiredText label="Reason for Flagging" multiline minRows={2} value={reason} onChange={setReason} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => flag.mutate()}
          disabled={!ready || flag.isPending}
        >
          Flag User
        </Button>
      </DialogActions>
    </Dialog>
  );
}
