import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { SuspiciousUser } from '../../src/contract/admin';
import { costColour, formatCost } from '../../src/format';

type Row = SuspiciousUser & { id: string };

const COLOUR = { red: 'error.main', orange: 'warning.main', green: 'success.main' } as const;

/** docs/product.md#console-suspicious-users suspicious columns; `isFlagged` accounts for users marked safe on this screen. */
export function suspiciousColumns(
  isFlagged: (r: Row) => boolean,
  markSafe: (r: Row) => void,
): GridColDef<Row>[] {
  return [
    {
      field: 'email',
      headerName: 'User',
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <div style={{ lineHeight: 1.3 }}>
          <div>{row.displayName || row.name}</div>
          <Typography variant="caption" color="text.secondary">
            {row.email}
          </Typography>
        </div>
      ),
    },
    { field: 'plan', headerName: 'Plan', width: 90 },
    {
      field: 'tokensUsed30d',
      headerName: 'Tokens (30d)',
      width: 120,
      type: 'number',
      valueFormatter: (v: number) => v.toLocaleString('en-US'),
    },
    {
      field: 'storageUsedMB',
      headerName: 'Storage (MB)',
      width: 120,
      type: 'number',
      valueFormatter: (v: number) => v.toFixed(2),
    },
    {
      field: 'estimatedCost',
      headerName: 'Estimated Cost',
      width: 150,
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
      width: 200,
      // The server does not sort by status; the header must not offer it.
      sortable: false,
      renderCell: ({ row }) =>
        isFlagged(row) ? (
          <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Chip size="small" color="error" label="Flagged" />
            <Button size="small" onClick={() => markSafe(row)}>
              Mark as Safe
            </Button>
          </span>
        ) : (
          <Chip size="small" color="warning" label="Suspicious" />
        ),
    },
    {
      field: 'suspiciousReasons',
      headerName: 'Reasons',
      flex: 2,
      minWidth: 220,
      sortable: false,
      valueFormatter: (v: string[]) => v.join('; '),
    },
  ];
}
