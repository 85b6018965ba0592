import { createContext, useContext } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { SuspiciousUser } from '../../src/contract/admin';
import { planColumn, userColumn } from '../common/columns';
import { costColour, formatCost, formatStorage } from '../../src/format';

type Row = SuspiciousUser & { id: string };

const COLOUR = { red: 'error.main', orange: 'warning.main', green: 'success.main' } as const;

const MB = 1024 * 1024;

/** Least important first: what goes when the window narrows. */
export const SUSPICIOUS_HIDE_BELOW = { plan: 1280, tokensUsed30d: 1100 };

/** The list's "Mark as Safe" for one row, and whether one is under way. */
export const MarkSafe = createContext<{ markSafe: (r: Row) => void; busy: boolean }>({
  markSafe: () => undefined,
  busy: false,
});

function MarkSafeButton({ row }: { row: Row }) {
  const { markSafe, busy } = useContext(MarkSafe);
  return (
    <Button size="small" onClick={() => markSafe(row)} disabled={busy}>
      Mark as Safe
    </Button>
  );
}

/** The suspicious users' columns; storage reads in MB, or GB from 1 GB, as everywhere in the console. */
export const suspiciousColumns: GridColDef<Row>[] = [
  userColumn(),
  planColumn,
  {
    field: 'tokensUsed30d',
    headerName: 'Tokens (30d)',
    width: 120,
    type: 'number',
    valueFormatter: (v: number) => v.toLocaleString('en-US'),
  },
  {
    field: 'storageUsedMB',
    headerName: 'Storage',
    width: 100,
    type: 'number',
    valueFormatter: (v: number) => formatStorage(v * MB),
  },
  {
    field: 'estimatedCost',
    headerName: 'Estimated Cost',
    width: 110,
    type: 'number',
    renderCell: ({ row }) => (
      <Typography
        component="span"
        sx={{ color: COLOUR[costColour(row.estimatedCost)], fontWeight: 600 }}
        data-colour={costColour(row.estimatedCost)}
      >
        {formatCost(row.estimatedCost)}
      </Typography>
    ),
  },
  {
    field: 'flaggedForAbuse',
    headerName: 'Status',
    width: 170,
    renderCell: ({ row }) =>
      row.flaggedForAbuse ? (
        <span style={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" color="error" label="Flagged" />
          <MarkSafeButton row={row} />
        </span>
      ) : (
        <Chip size="small" color="warning" label="Suspicious" />
      ),
  },
  {
    field: 'suspiciousReasons',
    headerName: 'Reasons',
    flex: 2,
    minWidth: 170,
    valueFormatter: (v: string[]) => v.join('; '),
  },
];
