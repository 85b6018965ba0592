import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TIMINGS } from '../../src/config';
import { isAllowedScreenshot, sendContactMessage } from '../../src/api/contact';
import { useDialogFocus } from './useDialogFocus';
import './contactModal.css';

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

/** The Get in Touch / Support form of docs/product.md#contact-and-support-form, with the state machine of docs/product.md#contact-and-support-form. */
export function ContactModal({ variant, open, onClose }: ContactModalProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const dialog = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = useId();

  useDialogFocus(open, dialog, onClose);

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
    <div className="pk-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="pk-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-lead`}
        ref={dialog}
      >
        <div className="pk-modal__head">
          <h2 id={`${ids}-title`}>{copy.title}</h2>
          <button type="button" className="pk-modal__close" onClick={onClose} aria-label="Close">
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <p id={`${ids}-lead`} className="pk-modal__lead">
          {copy.lead}
        </p>
        <form onSubmit={onSubmit} className="pk-form">
          <label htmlFor={`${ids}-name`}>Name</label>
          <input
            id={`${ids}-name`}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <label htmlFor={`${ids}-email`}>Email</label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label htmlFor={`${ids}-message`}>Message</label>
          <textarea
            id={`${ids}-message`}
            name="message"
            rows={5}
            required
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {variant === 'support' && (
            <>
              <label htmlFor={`${ids}-shot`}>
                Screenshot <span className="pk-form__hint">(optional, JPEG or PNG)</span>
              </label>
              <input
                id={`${ids}-shot`}
                ref={fileInput}
                name="screenshot"
                type="file"
                accept="image/jpeg,image/png"
                onChange={onFile}
              />
            </>
          )}
          <div role="status" aria-live="polite" className="pk-form__status">
            {status === 'success' && <p className="pk-alert pk-alert--success">{SUCCESS_TEXT}</p>}
          </div>
          {status === 'error' && (
            <p role="alert" className="pk-alert pk-alert--error">
              {FAILURE_TEXT}
            </p>
          )}
          <div className="pk-modal__actions">
            <button type="button" className="pk-btn pk-btn--ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="pk-btn pk-btn--primary" disabled={status === 'sending'}>
              {status === 'sending' ? 'Sending…' : 'Send Message'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
