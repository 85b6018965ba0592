import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import {
  DateTimeInput,
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  useCreate,
  useNotify,
} from 'react-admin';
import { createCouponSchema } from '../../src/contract/admin';
import { useInvalidate } from '../common/adminQueries';
import { amountLimits, normaliseCode, USAGE_LIMIT_RANGE } from './couponStatus';

const EMPTY = { code: '', discountType: 'percentage', amount: null, usageLimit: null, expiresAt: null };

const zod = zodResolver(createCouponSchema) as unknown as Resolver<FieldValues>;
/** The shared schema decides; an empty amount reads as the form's own words rather than a type error. */
const resolver: Resolver<FieldValues> = async (values, context, options) => {
  const result = await zod(values, context, options);
  if (values.amount !== null && values.amount !== '' && values.amount !== undefined) return result;
  const errors: FieldErrors = { ...result.errors };
  errors.amount = { type: 'required', message: 'Amount is required' };
  return { values: {}, errors };
};

const toIso = (v: string | Date | null) => {
  if (v === null || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

function AmountInput() {
  const type = useWatch({ name: 'discountType' }) as 'percentage' | 'fixed';
  const { min, max, step } = amountLimits(type ?? 'percentage');
  return <NumberInput source="amount" label="Amount" min={min} max={max} step={step} sx={{ width: 140 }} />;
}

/** Create Coupon: a react-admin form whose rules are the server's own schema. */
export function CouponCreateForm() {
  const [create] = useCreate();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = (values: FieldValues) =>
    create(
      'coupons',
      { data: values },
      {
        returnPromise: true,
        onSuccess: () => {
          setError(null);
          setFormKey((k) => k + 1);
          notify('Coupon created', { type: 'success' });
          void invalidate('coupons');
        },
        onError: (err) => setError((err as Error).message),
      },
    ).then(
      // A form's submit answers only field errors: the created record must not be read as one.
      () => undefined,
      () => undefined,
    );

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent role="form" aria-labelledby="create-coupon-title">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }} id="create-coupon-title">
          Create Coupon
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Form key={formKey} defaultValues={EMPTY} resolver={resolver} onSubmit={submit} noValidate>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
            <TextInput
              source="code"
              label="Code"
              parse={(v: string) => normaliseCode(v ?? '')}
              helperText="Letters A-Z and digits"
              sx={{ width: 180 }}
            />
            <SelectInput
              source="discountType"
              label="Discount type"
              choices={[
                { id: 'percentage', name: 'Percentage' },
                { id: 'fixed', name: 'Fixed amount' },
              ]}
              sx={{ width: 170 }}
            />
            <AmountInput />
            <NumberInput
              source="usageLimit"
              label="Usage limit"
              {...USAGE_LIMIT_RANGE}
              helperText="Empty for unlimited"
              sx={{ width: 160 }}
            />
            <DateTimeInput
              source="expiresAt"
              label="Expires at"
              parse={toIso}
              helperText="Empty for never"
              sx={{ width: 250 }}
            />
            <SaveButton label="Create Coupon" icon={<></>} alwaysEnable sx={{ mt: 1 }} />
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
