// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GOOGLE_PENDING_MS,
  clearGoogleSignInPending,
  markGoogleSignInPending,
  takeHandOffToken,
  withoutHandOff,
} from '../../src/session/googleHandOff';

const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
const START = new Date('2026-11-02T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/dashboard/login?from=%2Fdashboard%2Fsettings&auth_token=tok-1#top');
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the Google hand-off is taken only while this tab’s own sign-in is pending', () => {
  it('without a pending sign-in: the token is ignored, and removed from the address bar', () => {
    expect(takeHandOffToken()).toBeNull();
    expect(address()).toBe('/dashboard/login?from=%2Fdashboard%2Fsettings#top');
  });

  it('after Continue with Google: the token is taken once, and the flag is used up', () => {
    markGoogleSignInPending();
    vi.advanceTimersByTime(90_000);
    expect(takeHandOffToken()).toBe('tok-1');
    expect(address()).toBe('/dashboard/login?from=%2Fdashboard%2Fsettings#top');
    // The same link again (a replay, or a planted link right after): ignored.
    window.history.replaceState(null, '', '/dashboard?auth_token=tok-2');
    expect(takeHandOffToken()).toBeNull();
    expect(address()).toBe('/dashboard');
  });

  it('the flag lasts ten minutes, like the server’s half of the flow', () => {
    expect(GOOGLE_PENDING_MS).toBe(10 * 60_000);
    markGoogleSignInPending();
    vi.advanceTimersByTime(GOOGLE_PENDING_MS - 1);
    expect(takeHandOffToken()).toBe('tok-1');

    window.history.replaceState(null, '', '/dashboard/login?auth_token=tok-late');
    markGoogleSignInPending();
    vi.advanceTimersByTime(GOOGLE_PENDING_MS);
    expect(takeHandOffToken()).toBeNull();
    expect(address()).toBe('/dashboard/login');
    expect(sessionStorage.length).toBe(0);
  });

  it('a start without a token ends a pending sign-in: the user came back without finishing it', () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/dashboard/login?error=google');
    expect(takeHandOffToken()).toBeNull();
    window.history.replaceState(null, '', '/dashboard?auth_token=tok-planted');
    expect(takeHandOffToken()).toBeNull();
  });

  it('the flag is kept per tab: one written to localStorage, or cleared, does not count', () => {
    localStorage.setItem('googleSignInPending', String(Date.now() + GOOGLE_PENDING_MS));
    expect(takeHandOffToken()).toBeNull();
    window.history.replaceState(null, '', '/dashboard?auth_token=tok-3');
    markGoogleSignInPending();
    clearGoogleSignInPending();
    expect(takeHandOffToken()).toBeNull();
  });

  it('an empty auth_token is removed and never taken', () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/dashboard?auth_token=');
    expect(takeHandOffToken()).toBeNull();
    expect(address()).toBe('/dashboard');
  });
});

describe('withoutHandOff', () => {
  it.each([
    ['/dashboard?auth_token=abc', '/dashboard'],
    ['/dashboard?tab=1&auth_token=abc&x=2', '/dashboard?tab=1&x=2'],
    ['/dashboard?auth_token=abc#top', '/dashboard#top'],
    ['?auth_token=abc&tab=1', '?tab=1'],
    ['?auth_token=abc', ''],
    ['/dashboard?tab=1', '/dashboard?tab=1'],
    ['/dashboard', '/dashboard'],
  ])('%s becomes %s', (input, output) => {
    expect(withoutHandOff(input)).toBe(output);
  });
});
