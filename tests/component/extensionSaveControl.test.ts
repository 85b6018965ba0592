import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSaveControl, type SaveControl } from '../../src-extension/content/saveControl';

// The Save control as a screen-reader or keyboard user meets it: a real button in an open shadow root, whose
// name says it is Postkeeper's (Instagram and Pinterest have Save buttons of their own).

function mount(): { control: SaveControl; save: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> } {
  const save = vi.fn();
  const remove = vi.fn();
  const control = createSaveControl(document, { save, remove });
  document.body.append(control.host);
  return { control, save, remove };
}
const inShadow = (control: SaveControl) => within(control.host.shadowRoot as unknown as HTMLElement);

afterEach(() => document.body.replaceChildren());

describe('the Save control', () => {
  it('is a button named "Save to Postkeeper" showing "Save", in an open shadow root', () => {
    const { control } = mount();
    expect(control.host.shadowRoot?.mode).toBe('open');
    const button = inShadow(control).getByRole('button', { name: 'Save to Postkeeper' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveTextContent(/^Save$/);
  });

  it('shows each state in its text and its name', () => {
    const { control } = mount();
    const url = 'https://x.com/ada/status/1';
    const cases = [
      [{ state: 'saving' }, 'Saving…', 'Saving to Postkeeper'],
      [{ state: 'saved', url }, 'Saved', 'Saved to Postkeeper'],
      [{ state: 'pending', url }, 'Pending', 'Pending: saves to Postkeeper when back online'],
      [{ state: 'error', url, message: 'The server failed.' }, 'Not saved', 'Not saved to Postkeeper'],
    ] as const;
    for (const [view, text, name] of cases) {
      control.show(view);
      expect(inShadow(control).getByRole('button', { name })).toHaveTextContent(text);
    }
  });

  it('a click saves; Enter and Space on the focused button save too', async () => {
    const user = userEvent.setup();
    const { control, save } = mount();
    const button = inShadow(control).getByRole('button', { name: 'Save to Postkeeper' });
    await user.click(button);
    expect(save).toHaveBeenCalledTimes(1);
    button.focus();
    expect(control.host.shadowRoot?.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('clicks while saving do nothing (no second save)', async () => {
    const user = userEvent.setup();
    const { control, save } = mount();
    control.show({ state: 'saving' });
    await user.click(inShadow(control).getByRole('button', { name: 'Saving to Postkeeper' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('a second click on a saved post offers Remove, which removes it; Escape closes the offer', async () => {
    const user = userEvent.setup();
    const { control, save, remove } = mount();
    control.show({ state: 'saved', url: 'https://x.com/ada/status/1' });
    const button = inShadow(control).getByRole('button', { name: 'Saved to Postkeeper' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(inShadow(control).queryByRole('button', { name: 'Remove from Postkeeper' })).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const removeButton = inShadow(control).getByRole('button', { name: 'Remove from Postkeeper' });
    expect(control.host.shadowRoot?.activeElement).toBe(removeButton);
    await user.keyboard('{Escape}');
    expect(inShadow(control).queryByRole('button', { name: 'Remove from Postkeeper' })).toBeNull();
    expect(control.host.shadowRoot?.activeElement).toBe(button);

    await user.click(button);
    await user.click(inShadow(control).getByRole('button', { name: 'Remove from Postkeeper' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
  });

  it("past the quota, shows the server's message with an Upgrade link opening the web app's /upgrade in a new tab", () => {
    const { control } = mount();
    const message = 'Storage limit reached: your plan includes 1 GB.';
    control.show({
      state: 'quota',
      url: 'https://x.com/ada/status/1',
      message,
      upgradeUrl: 'https://postkeeper.app/upgrade',
    });
    const button = inShadow(control).getByRole('button', { name: 'Not saved to Postkeeper' });
    expect(button).toHaveAccessibleDescription(message);
    expect(inShadow(control).getByText(message)).toBeVisible();
    const link = inShadow(control).getByRole('link', { name: 'Upgrade' });
    expect(link).toHaveAttribute('href', 'https://postkeeper.app/upgrade');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('an error shows its message without an Upgrade link, and a click tries again', async () => {
    const user = userEvent.setup();
    const { control, save } = mount();
    control.show({ state: 'error', url: 'https://x.com/ada/status/1', message: 'The server failed.' });
    expect(inShadow(control).getByText('The server failed.')).toBeVisible();
    expect(inShadow(control).queryByRole('link', { name: 'Upgrade' })).toBeNull();
    await user.click(inShadow(control).getByRole('button', { name: 'Not saved to Postkeeper' }));
    expect(save).toHaveBeenCalledTimes(1);
    control.show({ state: 'saved', url: 'https://x.com/ada/status/1' });
    expect(inShadow(control).queryByText('The server failed.')).toBeNull();
    expect(
      inShadow(control).getByRole('button', { name: 'Saved to Postkeeper' }),
    ).not.toHaveAccessibleDescription();
  });

  it('keeps its clicks and keys from the page: a post that opens on any click stays put', async () => {
    const user = userEvent.setup();
    const { control } = mount();
    const pageClick = vi.fn();
    const pageKey = vi.fn();
    document.body.addEventListener('click', pageClick);
    document.addEventListener('keydown', pageKey);
    const button = inShadow(control).getByRole('button', { name: 'Save to Postkeeper' });
    await user.click(button);
    button.focus();
    await user.keyboard('l');
    expect(pageClick).not.toHaveBeenCalled();
    expect(pageKey).not.toHaveBeenCalled();
  });
});
