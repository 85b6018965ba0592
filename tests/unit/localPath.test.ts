import { describe, expect, it } from 'vitest';
import { isLocalPath } from '../../src/contract/localPath';

describe('isLocalPath: where a sign-in may send the user back to', () => {
  it.each(['/', '/dashboard', '/dashboard/settings?tab=billing', '/help#faq', '/upgrade?x=%2F%2Fevil'])(
    'accepts %j',
    (path) => expect(isLocalPath(path)).toBe(true),
  );

  it.each([
    'https://evil.example/',
    'HTTP://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\nLocation: https://evil.example',
    'javascript:alert(1)',
    'evil.example',
    'dashboard',
    '',
    ' /dashboard',
    `/${'a'.repeat(2048)}`,
    null,
    undefined,
    42,
    ['/dashboard'],
  ])('refuses %j', (value) => expect(isLocalPath(value)).toBe(false));
});
