import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from '../../src-server/net/rateLimitAddress';

describe('the address a rate limit counts by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(rateLimitAddress(ip)).toBe(key);
  });
});
