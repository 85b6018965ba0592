import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One figure with its label, as on every console section's card row. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 180px', minWidth: 160 }} role="group" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="h5" component="div" sx={{ fontWeight: 600, mt: 0.5 }}>
          {value}
        </Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function StatRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 16 }}>{children}</div>;
}
