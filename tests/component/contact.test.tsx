import { act, cleanup, render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactModal } from '../../src-site/ui/ContactModal';

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = 'Failed to send message. Please try again.';

/** A page with an opener button, the way the footer uses the modal. */
function Harness({ variant, onClose }: { variant: 'contact' | 'support'; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ContactModal
        variant={variant}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

function png(name = 'shot.png', type = 'image/png') {
  return new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type });
}

let fetchMock: ReturnType<typeof vi.fn>;
let resolveFetch: (r: Response) => void;
let rejectFetch: (e: unknown) => void;

beforeEach(() => {
  // The clock also moves with real time so Testing Library's own waits still settle.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock = vi.fn(
    () =>
      new Promise<Response>((res, rej) => {
        resolveFetch = res;
        rejectFetch = rej;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openAndFill(variant: 'contact' | 'support', onClose?: () => void) {
  const user = userEvent.setup({ delay: null });
  render(<Harness variant={variant} onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Message'), 'Hello there');
  return user;
}

describe('ContactModal', () => {
  it('is an accessible modal dialog named after its variant, with the three required fields', async () => {
    await openAndFill('contact');
    const dialog = screen.getByRole('dialog', { name: 'Get in Touch' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toBeRequired();
    expect(screen.queryByLabelText(/Screenshot/)).not.toBeInTheDocument();
  });

  it('support variant offers an optional JPEG/PNG screenshot input', async () => {
    await openAndFill('support');
    expect(screen.getByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    const file = screen.getByLabelText(/Screenshot/);
    expect(file).not.toBeRequired();
    expect(file).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('does not submit while a required field is empty (browser validation)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness variant="contact" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toBeInvalid();
  });

  it('rejects a file that is not JPEG or PNG with the spec alert and clears the input', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await openAndFill('support');
    // The picker's accept filter is only a hint: a user can still choose "All files".
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const input = screen.getByLabelText(/Screenshot/) as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(alert).toHaveBeenCalledWith('Please select a JPEG or PNG image file.');
    expect(input.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect(body.get('screenshot')).toBeNull();
  });

  it('sends multipart to the own host with type support and the screenshot; success clears, then closes after 2000 ms', async () => {
    const onClose = vi.fn();
    const user = await openAndFill('support', onClose);
    await user.upload(screen.getByLabelText(/Screenshot/), png());
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body.get('name')).toBe('Ada Lovelace');
    expect(body.get('email')).toBe('ada@example.com');
    expect(body.get('message')).toBe('Hello there');
    expect(body.get('type')).toBe('support');
    expect((body.get('screenshot') as File).name).toBe('shot.png');

    // sending: the submit button is disabled until the answer arrives
    expect(screen.getByRole('button', { name: /Sending/ })).toBeDisabled();
    await act(async () => resolveFetch(new Response(JSON.stringify({ ok: true }), { status: 201 })));

    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect((screen.getByLabelText(/Screenshot/) as HTMLInputElement).value).toBe('');

    await act(async () => vi.advanceTimersByTime(1900));
    expect(onClose.mock.calls.length, String(onClose.mock.calls)).toBe(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a screenshot chosen and then cleared from the input is not sent', async () => {
    const user = await openAndFill('support');
    const input = screen.getByLabelText(/Screenshot/) as HTMLInputElement;
    await user.upload(input, png());
    expect(input.files).toHaveLength(1);
    // What a browser does when the user empties the picker: the input holds no file and reports a change.
    fireEvent.change(input, { target: { files: [] } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect(body.get('type')).toBe('support');
    expect(body.has('screenshot')).toBe(false);
  });

  it.each([
    ['the Cancel button', () => screen.getByRole('button', { name: 'Cancel' })],
    ['the close button', () => screen.getByRole('button', { name: 'Close' })],
  ])(
    'a screenshot left in a dialog closed with %s is not sent with the next message',
    async (_how, closer) => {
      const user = await openAndFill('support');
      await user.upload(screen.getByLabelText(/Screenshot/), png('forgotten.png'));
      await user.click(closer());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Open' }));
      const input = screen.getByLabelText(/Screenshot/) as HTMLInputElement;
      expect(input.files ?? []).toHaveLength(0);
      await user.clear(screen.getByLabelText('Message'));
      await user.type(screen.getByLabelText('Message'), 'A different problem');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      const body = fetchMock.mock.calls[0][1].body as FormData;
      expect(body.get('message')).toBe('A different problem');
      expect(body.has('screenshot')).toBe(false);
    },
  );

  it('a screenshot chosen again after reopening is the one sent', async () => {
    const user = await openAndFill('support');
    await user.upload(screen.getByLabelText(/Screenshot/), png('old.png'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.upload(screen.getByLabelText(/Screenshot/), png('new.png'));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect((body.get('screenshot') as File).name).toBe('new.png');
  });

  it('Get in Touch sends type contact and no screenshot field', async () => {
    const user = await openAndFill('contact');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect(body.get('type')).toBe('contact');
    expect(body.has('screenshot')).toBe(false);
  });

  it('a non-OK answer shows the failure text, keeps the form and stays open', async () => {
    const onClose = vi.fn();
    const user = await openAndFill('contact', onClose);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(async () =>
      resolveFetch(new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429 })),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a network failure shows the failure text too', async () => {
    const user = await openAndFill('contact');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(async () => rejectFetch(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('focuses the first field, traps Tab inside, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness variant="contact" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    // Tab and Shift+Tab cycle through the dialog's controls and never leave it.
    const dialog = screen.getByRole('dialog');
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a pending auto-close is cancelled when the dialog is closed early', async () => {
    const onClose = vi.fn();
    const user = await openAndFill('contact', onClose);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(async () => resolveFetch(new Response(null, { status: 204 })));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(3000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
