import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, renderConsole } from './adminHarness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CATALOGUE = {
  taskTypes: [
    { id: 'tagging', name: 'Auto-tagging', description: 'Tags saved posts' },
    { id: 'summary', name: 'Summaries', description: 'Summarises posts' },
  ],
  providers: {
    openai: { name: 'OpenAI', models: [{ id: 'gpt-4o-mini', name: 'GPT-4o mini' }], configured: true },
    anthropic: {
      name: 'Anthropic',
      models: [{ id: 'claude-haiku', name: 'Claude Haiku' }],
      configured: true,
    },
  },
};
const CONFIGS = [
  {
    taskType: 'summary',
    provider: 'anthropic',
    model: 'claude-haiku',
    updatedAt: '2026-11-20T09:30:00.000Z',
  },
];
const base = {
  'GET /admin/ai-config': () => ({ configs: CONFIGS }),
  'GET /admin/ai-config/providers': () => CATALOGUE,
};

describe('console AI provider settings', () => {
  it('shows a provider and a model select per task, Default Model first, the notes and the last update', async () => {
    fakeApi(base);
    renderConsole('/admin/ai-config');
    const provider = await screen.findByLabelText('Auto-tagging provider');
    expect(provider).toHaveTextContent('OpenAI');
    expect(screen.getByLabelText('Auto-tagging model')).toHaveTextContent('Default Model');
    expect(screen.getByLabelText('Summaries provider')).toHaveTextContent('Anthropic');
    expect(screen.getByLabelText('Summaries model')).toHaveTextContent('Claude Haiku');
    fireEvent.mouseDown(screen.getByLabelText('Summaries model'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Default Model', 'Claude Haiku']);
    expect(screen.getByText(/^Last updated: .*2026/)).toBeInTheDocument();
    expect(screen.getByText('Changes apply immediately to new AI requests.')).toBeInTheDocument();
    expect(
      screen.getByText('The default provider is used as the fallback when a request fails.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('API keys for each provider must be configured on the server.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Models differ in capability and cost.')).toBeInTheDocument();
  });

  it("changes a task's model with 'Saving...' then 'Saved', and resets to defaults", async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      ...base,
      'PATCH /admin/ai-config': () =>
        new Promise(
          (r) => (release = () => r({ message: 'ok', config: { updatedAt: '2026-11-22T18:00:00.000Z' } })),
        ),
      'POST /admin/ai-config/reset': () => ({ configs: [], message: 'Reset' }),
    });
    renderConsole('/admin/ai-config');
    fireEvent.mouseDown(await screen.findByLabelText('Auto-tagging model'));
    fireEvent.click(await screen.findByRole('option', { name: 'GPT-4o mini' }));
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      taskType: 'tagging',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(screen.getByLabelText('Auto-tagging model')).toHaveTextContent('GPT-4o mini');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await waitFor(() => expect(screen.getByLabelText('Summaries provider')).toHaveTextContent('OpenAI'));
    expect(screen.getByLabelText('Auto-tagging model')).toHaveTextContent('Default Model');
    expect(api.calls.some((c) => c.path === '/admin/ai-config/reset' && c.method === 'POST')).toBe(true);
  });

  it('shows the update failure in a banner that disappears after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ ...base, 'PATCH /admin/ai-config': fail(), 'POST /admin/ai-config/reset': fail() });
    renderConsole('/admin/ai-config');
    fireEvent.mouseDown(await screen.findByLabelText('Auto-tagging provider'));
    fireEvent.click(await screen.findByRole('option', { name: 'Anthropic' }));
    expect(await screen.findByText('Failed to update configuration.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Failed to update configuration.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Failed to update configuration.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(await screen.findByText('Failed to reset configurations.')).toBeInTheDocument();
  });

  it('marks a provider without an API key, on its own line and on every task that uses it', async () => {
    const NO_KEY = 'No API key: requests fall back to OpenAI';
    const catalogue = {
      ...CATALOGUE,
      providers: {
        ...CATALOGUE.providers,
        anthropic: { ...CATALOGUE.providers.anthropic, configured: false },
      },
    };
    fakeApi({ ...base, 'GET /admin/ai-config/providers': () => catalogue });
    renderConsole('/admin/ai-config');
    const keys = await screen.findByRole('region', { name: 'Provider API keys' });
    const lines = within(keys).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['OpenAIAPI key configured', `Anthropic${NO_KEY}`]);
    // Summaries runs on Anthropic; Auto-tagging on OpenAI, which has its key.
    expect(within(screen.getByRole('region', { name: 'Summaries' })).getByText(NO_KEY)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Auto-tagging' })).queryByText(/No API key/)).toBeNull();
  });

  it('says that nothing can fall back when OpenAI itself has no key', async () => {
    const catalogue = {
      ...CATALOGUE,
      providers: { ...CATALOGUE.providers, openai: { ...CATALOGUE.providers.openai, configured: false } },
    };
    fakeApi({ ...base, 'GET /admin/ai-config/providers': () => catalogue });
    renderConsole('/admin/ai-config');
    const task = await screen.findByRole('region', { name: 'Auto-tagging' });
    expect(
      within(task).getByText('No API key: its requests fail, and failed requests have no fallback'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No API key: requests fall back to OpenAI')).toBeNull();
  });

  it('shows the load failure texts', async () => {
    fakeApi({ 'GET /admin/ai-config': fail(), 'GET /admin/ai-config/providers': () => CATALOGUE });
    renderConsole('/admin/ai-config');
    expect(await screen.findByText('Failed to load AI configurations.')).toBeInTheDocument();
    cleanup();
    fakeApi({ 'GET /admin/ai-config': () => ({ configs: [] }), 'GET /admin/ai-config/providers': fail() });
    renderConsole('/admin/ai-config');
    expect(await screen.findByText('Failed to load provider information.')).toBeInTheDocument();
  });
});
