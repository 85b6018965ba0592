import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate, useNotify } from 'react-admin';
import {
  amountLimits,
  couponFormError,
  couponPayload,
  normaliseCode,
  type CouponFormValues,
} from './couponStatus';

const EMPTY: CouponFormValues = {
  code: '',
  discountType: 'percentage',
  amount: '',
  usageLimit: '',
  expiresAt: '',
};

/** docs/product.md#coupon-rules Create Coupon form. */
export function CouponCreateForm({ onCreated }: { onCreated: () => void }) {
  const [values, setValues] = useState<CouponFormValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const limits = amountLimits(values.discountType);
  const set = (patch: Partial<CouponFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = couponFormError(values);
    if (invalid) return setError(invalid);
    setError(null);
    void create(
      'coupons',
      { data: couponPayload(values) },
      {
        onSuccess: () => {
          setValues(EMPTY);
          notify('Coupon created', { type: 'success' });
          onCreated();
        },
        onError: (err) => setError((err as Error).message),
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent component="form" onSubmit={submit} aria-label="Create Coupon">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Create Coupon
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
          <TextField
            label="Code"
            required
            size="small"
            fullWidth={false}
            sx={{ width: 180 }}
            value={values.code}
            onChange={(e) => set({ code: normaliseCode(e.target.value) })}
            slotProps={{ htmlInput: { pattern: '[A-Z0-9]+' } }}
            helperText="Letters A-Z and digits"
          />
          <TextField
            select
            label="Discount type"
            size="small"
            fullWidth={false}
            value={values.discountType}
            onChange={(e) => set({ discountType: e.target.value as CouponFormValues['discountType'] })}
            sx={{ width: 170 }}
          >
            <MenuItem value="percentage">Percentage</MenuItem>
            <MenuItem value="fixed">Fixed amount</MenuItem>
          </TextField>
          <TextField
            label="Amount"
            type="number"
            required
            size="small"
            fullWidth={false}
            sx={{ width: 140 }}
            value={values.amount}
            onChange={(e) => set({ amount: e.target.value })}
            slotProps={{ htmlInput: { min: limits.min, max: limits.max, step: limits.step } }}
          />
          <TextField
            label="Usage limit"
            type="number"
            size="small"
            fullWidth={false}
            sx={{ width: 160 }}
            value={values.usageLimit}
            onChange={(e) => set({ usageLimit: e.target.value })}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            helperText="Empty for unlimited"
          />
          <TextField
            label="Expires at"
            type="datetime-local"
            size="small"
            fullWidth={false}
            value={values.expiresAt}
            onChange={(e) => set({ expiresAt: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText="Empty for never"
          />
          <Button type="submit" variant="contained" disabled={isPending}>
            Create Coupon
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
