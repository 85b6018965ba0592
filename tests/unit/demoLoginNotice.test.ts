import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { DEMO_LOGINS } from '../../src-server/seed/demoLogins';
import { demoLoginNotice, isLoopbackHost } from '../../src-server/seed/demoLoginNotice';

describe('what the server says at start about the published demo logins', () => {
  it('lists them as the README does on a server only this machine can reach', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      const notice = demoLoginNotice(loadConfig({ HOST }), DEMO_LOGINS);
      expect(notice.kind).toBe('local');
      expect(notice.banner).toEqual([
        '',
        '  Demo logins:',
        '    admin@example.com    / admin-demo-1    (admin console at /admin)',
        '    user@example.com     / user-demo-1     (free plan)',
        '    premium@example.com  / premium-demo-1  (Pro plan)',
      ]);
      expect(notice.message).toBeUndefined();
    }
  });

  it('lists them quietly on a first start with no HOST, which keeps the server to this machine', () => {
    expect(demoLoginNotice(loadConfig({}), DEMO_LOGINS).kind).toBe('local');
  });

  it('warns loudly, in the log and the banner, when the server listens beyond this machine', () => {
    const notice = demoLoginNotice(loadConfig({ HOST: '0.0.0.0' }), DEMO_LOGINS);
    expect(notice.kind).toBe('exposed');
    expect(notice.message).toBe(
      'Demo logins with published passwords work on this server, and it listens on 0.0.0.0: anyone who can reach it can sign in as admin@example.com, user@example.com, premium@example.com, the admin console included. Set HOST=127.0.0.1, or change those passwords or delete those accounts.',
    );
    expect(notice.banner.join('\n')).toContain(
      '  !! WARNING: this server listens beyond this machine (HOST=0.0.0.0) and the demo logins',
    );
    expect(notice.banner).toContain('    admin@example.com    / admin-demo-1    (admin console at /admin)');
  });

  it('refuses to start a production server that holds them, unless SEED_DEMO=1 asks for a public demo', () => {
    const refused = demoLoginNotice(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }), DEMO_LOGINS);
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toMatch(/^Refusing to start: the demo logins admin@example\.com, /);
    const demo = loadConfig({ HOST: '::', NODE_ENV: 'production', SEED_DEMO: '1' });
    expect(demoLoginNotice(demo, DEMO_LOGINS).kind).toBe('exposed');
    const local = loadConfig({ HOST: '127.0.0.1', NODE_ENV: 'production' });
    expect(demoLoginNotice(local, DEMO_LOGINS).kind).toBe('local');
  });

  it('says nothing when no demo login works', () => {
    expect(demoLoginNotice(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }), [])).toEqual({
      kind: 'none',
      banner: [],
    });
  });

  it('names only the loopback forms as loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'example.com', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
