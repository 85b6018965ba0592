import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProfileAhead, takeProfile } from '../../src/session/profileAhead';

const profile = { _id: 'u1', email: 'admin@example.com', role: 'admin' };

/** The global fetch answering GET /api/auth/me, counting its calls. */
function me(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const ok = () => new Response(JSON.stringify(profile), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the console’s session check, started with the page', () => {
  it('asks once, hands that answer to the console, and asks again only after', async () => {
    localStorage.setItem('authToken', 'tok');
    const fetchMock = me(ok);
    fetchProfileAhead();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/auth/me');
    await expect(takeProfile()).resolves.toMatchObject({ email: 'admin@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await takeProfile();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for a visitor with no stored session', () => {
    const fetchMock = me(ok);
    fetchProfileAhead();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands a refusal to the console and raises nothing unhandled', async () => {
    localStorage.setItem('authToken', 'expired');
    me(() => new Response(JSON.stringify({ message: 'Session expired' }), { status: 401 }));
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    fetchProfileAhead();
    await new Promise((r) => setTimeout(r, 20));
    await expect(takeProfile()).rejects.toMatchObject({ status: 401 });
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
