import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TIMINGS } from '../../src/config';
import { isAllowedScreenshot, sendContactMessage } from '../../src/api/contact';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import { Field, TextAreaField } from './Field';

export interface ContactModalProps {
  variant: 'contact' | 'support';
  open: boolean;
  onClose: () => void;
}

type Status = 'idle' | 'sending' | 'success' | 'error';

const SUCCESS_TEXT = "Message sent successfully! We'll get back to you soon.";
const FAILURE_TEXT = 'Failed to send message. Please try again.';
const WRONG_FILE_TEXT = 'Please select a JPEG or PNG image file.';

const COPY = {
  contact: {
    title: 'Get in Touch',
    lead: 'Questions, ideas or partnership requests: we read every message.',
  },
  support: { title: 'Support', lead: 'Tell us what went wrong. A screenshot helps us fix it faster.' },
} as const;

/** The Get in Touch / Support form and its states (docs/product.md#contact-and-support-form). */
export function ContactModal({ variant, open, onClose }: ContactModalProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const fileInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = useId();

  // A fresh dialog each time it opens; a pending auto-close never outlives the dialog.
  useEffect(() => {
    if (open) setStatus('idle');
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = null;
    };
  }, [open]);

  if (!open) return null;

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0] ?? null;
    if (file && !isAllowedScreenshot(file)) {
      window.alert(WRONG_FILE_TEXT);
      e.target.value = '';
    }
  }

  /**
   * The screenshot is read from the file input as the message is sent, never kept aside: what goes out is
   * exactly what the input shows. A file chosen and then cleared, or left in a dialog that was closed (its
   * input is gone; a reopened dialog has a fresh, empty one), is not sent.
   */
  function chosenScreenshot(): File | null {
    const file = fileInput.current?.files?.[0] ?? null;
    return variant === 'support' && file && isAllowedScreenshot(file) ? file : null;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus('sending');
    try {
      await sendContactMessage({
        name,
        email,
        message,
        type: variant,
        screenshot: chosenScreenshot(),
      });
      setStatus('success');
      setName('');
      setEmail('');
      setMessage('');
      if (fileInput.current) fileInput.current.value = '';
      closeTimer.current = setTimeout(onClose, TIMINGS.contactAutoCloseMs);
    } catch {
      setStatus('error');
    }
  }

  const copy = COPY[variant];
  return (
    <Dialog title={copy.title} lead={copy.lead} onClose={onClose}>
      <form onSubmit={onSubmit} className="pk-form">
        {(
          [
            ['name', 'Name', 'text', name, setName],
            ['email', 'Email', 'email', email, setEmail],
          ] as const
        ).map(([key, label, type, value, set]) => (
          <Field
            bare
            key={key}
            id={`${ids}-${key}`}
            label={label}
            name={key}
            type={type}
            autoComplete={key}
            required
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        ))}
        <TextAreaField
          bare
          id={`${ids}-message`}
          label="Message"
          name="message"
          rows={5}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {variant === 'support' && (
          <Field
            bare
            id={`${ids}-shot`}
            label={
              <>
                Screenshot <span className="pk-form__hint">(optional, JPEG or PNG)</span>
              </>
            }
            ref={fileInput}
            name="screenshot"
            type="file"
            accept="image/jpeg,image/png"
            onChange={onFile}
          />
        )}
        <div role="status" aria-live="polite" className="pk-form__status">
          {status === 'success' && (
            <Alert kind="success" announce={false}>
              {SUCCESS_TEXT}
            </Alert>
          )}
        </div>
        {status === 'error' && <Alert kind="error">{FAILURE_TEXT}</Alert>}
        <div className="pk-modal__actions">
          <button type="button" className="pk-btn pk-btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="pk-btn pk-btn--primary" disabled={status === 'sending'}>
            {status === 'sending' ? 'Sending…' : 'Send Message'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
