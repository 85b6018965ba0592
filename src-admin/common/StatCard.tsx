import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
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

/** A titled card around a chart, as on the overview and cost analysis pages. */
export function ChartCard({
  title,
  sx,
  children,
}: {
  title: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={sx}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
