import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** Helper text under the control, read out with it. */
  hint?: ReactNode;
  /** This field's own error: shown under the control, read out with it, and marks the control invalid. */
  error?: ReactNode;
  /**
   * Label and control straight into the surrounding form's grid, without the `pk-field` group: the contact
   * dialog lays out its fields that way.
   */
  bare?: boolean;
}

export type FieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };
export type TextAreaFieldProps = FieldFrame &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> };

/** The ids of the hint and error a control is described by, and whether it is invalid. */
function describe(id: string, hint: ReactNode, error: ReactNode, describedBy: string | undefined) {
  const ids = [describedBy, hint != null && `${id}-hint`, error != null && `${id}-error`].filter(Boolean);
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    'aria-invalid': error != null ? true : undefined,
  };
}

function Frame({ id, label, hint, error, bare, children }: FieldFrame & { children: ReactNode }) {
  const parts = (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint != null && (
        <p id={`${id}-hint`} className="pk-field__hint">
          {hint}
        </p>
      )}
      {error != null && (
        <p id={`${id}-error`} className="pk-field__error">
          {error}
        </p>
      )}
    </>
  );
  return bare ? parts : <div className="pk-field">{parts}</div>;
}

/** A labelled input, with optional helper and error text tied to it for assistive technology. */
export function Field({ id, label, hint, error, bare, ...input }: FieldProps) {
  return (
    <Frame id={id} label={label} hint={hint} error={error} bare={bare}>
      <input id={id} {...input} {...describe(id, hint, error, input['aria-describedby'])} />
    </Frame>
  );
}

/** The multi-line twin of `Field`. */
export function TextAreaField({ id, label, hint, error, bare, ...textarea }: TextAreaFieldProps) {
  return (
    <Frame id={id} label={label} hint={hint} error={error} bare={bare}>
      <textarea id={id} {...textarea} {...describe(id, hint, error, textarea['aria-describedby'])} />
    </Frame>
  );
}
