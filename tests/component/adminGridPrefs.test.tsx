import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderConsole } from './adminHarness';
import { userRow } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = userRow({ email: 'one@example.com', name: 'One', displayName: 'One' }, 1);

describe('grid preferences per operator', () => {
  it('reads hidden columns and density from the store, and saves a density change there', async () => {
    fakeApi({ 'GET /admin/users': () => jsonResponse([user], 200, { 'X-Total-Count': '1' }) });
    const store = memoryStore({
      'users.grid.columns': { name: false, createdAt: false },
      'users.grid.density': 'compact',
    });
    const { container } = renderConsole('/admin/users', store);
    await screen.findByText('one@example.com');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).not.toContain('Name');
    expect(headers).not.toContain('Created');
    expect(headers).toContain('Email');
    expect(container.querySelector('.MuiDataGrid-root--densityCompact')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Density/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Comfortable/ }));
    await waitFor(() => expect(store.getItem('users.grid.density')).toBe('comfortable'));
    expect(container.querySelector('.MuiDataGrid-root--densityComfortable')).not.toBeNull();
  });

  it("gives the grid's hints as the browser's own titles, with no tooltip layer to mount", async () => {
    fakeApi({ 'GET /admin/users': () => jsonResponse([user], 200, { 'X-Total-Count': '1' }) });
    renderConsole('/admin/users');
    await screen.findByText('one@example.com');
    const created = screen.getByRole('columnheader', { name: /Created/ });
    const sort = within(created).getByRole('button', { name: 'Sort' });
    expect(sort.closest('[title="Sort"]')).not.toBeNull();
    for (const name of [/columns/i, /density/i]) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('title', button.getAttribute('aria-label'));
    }
    fireEvent.mouseOver(sort);
    fireEvent.focus(sort);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
