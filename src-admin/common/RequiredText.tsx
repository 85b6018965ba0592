import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props = { label: string; value: string; onChange: (value: string) => void } & Omit<
  TextFieldProps,
  'label' | 'value' | 'onChange'
>;

/** A text a change cannot go without (the reason for a flag), as wide as its dialog. */
export function RequiredText({ label, value, onChange, ...rest }: Props) {
  return (
    <TextField
      label={label}
      required
      fullWidth
      margin="dense"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}
