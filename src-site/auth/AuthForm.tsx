import type { FormEvent, ReactNode } from 'react';
import { Field, type FieldProps } from '../ui/Field';

/** One text input of an auth form: `Field`'s props, with the value and its setter. */
export type AuthInput = Omit<FieldProps, 'value' | 'onChange'> & {
  value: string;
  set: (value: string) => void;
};

/** The email input of the sign-in, register and forgot-password forms. */
export const EMAIL_INPUT = {
  id: 'email',
  label: 'Email',
  type: 'email',
  required: true,
  autoComplete: 'email',
};

/** The form every auth screen shows: its inputs in order, then one primary submit button. */
export function AuthForm({
  inputs,
  submit,
  disabled,
  onSubmit,
}: {
  inputs: AuthInput[];
  submit: ReactNode;
  disabled: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form className="pk-form" onSubmit={onSubmit}>
      {inputs.map(({ value, set, ...field }) => (
        <Field key={field.id} {...field} value={value} onChange={(e) => set(e.target.value)} />
      ))}
      <button className="pk-btn pk-btn--primary" type="submit" disabled={disabled}>
        {submit}
      </button>
    </form>
  );
}
