import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { envSchema } from '../../src-server/config';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const variables = Object.keys(envSchema.shape);
const guide = read('docs/deploy.md');
const example = read('.env.example');
/** The guide's table row of one variable. */
const row = (name: string) => guide.split('\n').find((line) => line.startsWith(`| \`${name}\``)) ?? '';

describe('the deployment guide and .env.example', () => {
  it('document every variable the server reads', () => {
    expect(variables.length).toBeGreaterThan(30);
    expect(variables.filter((name) => !row(name))).toEqual([]);
    expect(variables.filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([]);
  });

  it('mark the secrets: keys, client and webhook secrets, and URLs that carry a password', () => {
    const secrets = variables.filter((name) => /_KEY$|SECRET/.test(name));
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const name of [...secrets, 'DATABASE_URL', 'SMTP_URL'])
      expect(row(name), name).toContain('**Secret**');
  });

  it('set HOST explicitly where a server runs: the systemd unit, in the guide and in deploy/', () => {
    const unit = read('deploy/postkeeper-api@.service');
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(unit).toMatch(/^Environment=HOST=127\.0\.0\.1$/m);
    expect(guide).toContain('(../deploy/postkeeper-api@.service)');
    expect(guide).toMatch(/^Environment=HOST=127\.0\.0\.1$/m);
    expect(example).toMatch(/^HOST=$/m);
  });

  it('show the nginx config that the scale test runs', () => {
    expect(guide).toContain('(../deploy/nginx.conf)');
    expect(read('deploy/nginx.conf')).toMatch(/proxy_next_upstream error timeout/);
  });
});
