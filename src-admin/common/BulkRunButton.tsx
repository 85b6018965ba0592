import { useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useListContext, useNotify, type Identifier, type RaRecord } from 'react-admin';
import { useInvalidate } from './adminQueries';
import { RequiredText } from './RequiredText';
import { describeOutcome, runBulk } from './bulkRun';

export interface BulkRunButtonProps {
  label: string;
  icon?: ReactElement;
  /** The question asked before anything is sent. */
  confirm: string;
  /** The change for one row; its error message is what the operator reads for that row. */
  run: (record: RaRecord, reason: string) => Promise<unknown>;
  /** When set, a required text field with this label whose value every row's change receives. */
  reasonLabel?: string;
  /** Resources whose lists and figures show the change (the list's own is always included). */
  invalidates?: string[];
}

/**
 * A bulk action that asks first (with a "Stop at first error" choice), changes the selected rows one by
 * one, then reports how many succeeded and which failed, keeping the failed rows selected.
 */
export function BulkRunButton(props: BulkRunButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={props.icon} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      {/* Mounted only while asked: every list renders its bulk buttons, selected rows or not. */}
      {open ? <BulkRunDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BulkRunDialog({
  label,
  confirm,
  run,
  invalidates = [],
  reasonLabel,
  onClose,
}: BulkRunButtonProps & { onClose: () => void }) {
  const { selectedIds, data, resource, onSelect } = useListContext();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [stopAtFirstError, setStop] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const ready = !reasonLabel || reason.trim() !== '';
  const rowOf = (id: Identifier): RaRecord => data?.find((r) => r.id === id) ?? { id };
  const labelOf = (id: Identifier) => String(rowOf(id).email ?? rowOf(id).code ?? id);

  const start = async () => {
    setBusy(true);
    const ids = [...selectedIds];
    const outcome = await runBulk(ids, (id) => run(rowOf(id), reason.trim()), stopAtFirstError);
    onClose();
    onSelect([...outcome.failed.map((f) => f.id), ...outcome.skipped]);
    await invalidate(resource, ...invalidates);
    notify(`${label}: ${describeOutcome(outcome, ids.length, labelOf)}`, {
      type: outcome.failed.length ? 'warning' : 'success',
      autoHideDuration: outcome.failed.length ? null : undefined,
    });
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="bulk-run-title">
      <DialogTitle id="bulk-run-title">
        {label} {selectedIds.length} {selectedIds.length === 1 ? 'row' : 'rows'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{confirm}</DialogContentText>
        {reasonLabel ? <RequiredText label={reasonLabel} value={reason} onChange={setReason} /> : null}
        <FormControlLabel
          control={<Checkbox checked={stopAtFirstError} onChange={(e) => setStop(e.target.checked)} />}
          label="Stop at first error"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !ready}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
