import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src-server/config';
import { redactEnvValue } from '../../src-server/configRedaction';

describe('configuration from the environment', () => {
  it('serves the web app from dist/client unless CLIENT_DIR names another folder', () => {
    expect(loadConfig({}).clientDir).toBe(resolve(import.meta.dirname, '../../dist/client'));
    expect(loadConfig({ CLIENT_DIR: 'build/web' }).clientDir).toBe(resolve('build/web'));
  });

  it('runs with no variables at all: embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 14,
      TRUST_PROXY: false,
      apiDocs: true,
      ADMIN_EMAILS: ['admin@example.com'],
      RATE_LIMIT_SCALE: 1,
    });
    expect(config.webUrl).toBe('http://localhost:3000');
    expect(config.apiUrl).toBe('http://localhost:3000/api');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('listens on 127.0.0.1 unless HOST says otherwise; production, behind a proxy, on every address', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: ' ' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });

  it('derives the API URL from WEB_URL unless API_URL is set', () => {
    expect(loadConfig({ WEB_URL: 'https://postkeeper.app/' }).apiUrl).toBe('https://postkeeper.app/api');
    expect(
      loadConfig({ WEB_URL: 'https://postkeeper.app', API_URL: 'https://api.postkeeper.app' }).apiUrl,
    ).toBe('https://api.postkeeper.app');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ WEB_URL: 'not a url' }, 'WEB_URL'],
    [{ ADMIN_EMAILS: 'boss@example.com,not-an-email' }, 'ADMIN_EMAILS'],
    [{ SUPPORT_EMAIL: 'nope' }, 'SUPPORT_EMAIL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ API_DOCS: 'on' }, 'API_DOCS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ OPENAI_BASE_URL: 'api.openai.com/v1' }, 'OPENAI_BASE_URL'],
    [{ ANTHROPIC_BASE_URL: 'nope' }, 'ANTHROPIC_BASE_URL'],
    [{ GEMINI_BASE_URL: 'nope' }, 'GEMINI_BASE_URL'],
    [{ AI_TIMEOUT_MS: '0' }, 'AI_TIMEOUT_MS'],
    [{ AI_TIMEOUT_MS: 'soon' }, 'AI_TIMEOUT_MS'],
  ])('stops on %j with one line that names %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('reads the AI keys, endpoints and the 30 s default timeout; blank keys count as none', () => {
    expect(loadConfig({}).AI_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).OPENAI_API_KEY).toBeUndefined();
    const config = loadConfig({
      OPENAI_API_KEY: ' sk-1 ',
      ANTHROPIC_API_KEY: '',
      GEMINI_BASE_URL: 'http://127.0.0.1:9000',
      AI_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      OPENAI_API_KEY: 'sk-1',
      GEMINI_BASE_URL: 'http://127.0.0.1:9000',
      AI_TIMEOUT_MS: 5000,
    });
    expect(config.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and CIDRs, never as "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.10 ,fd00::/8,::1,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'Invalid configuration: TRUST_PROXY must be a hop count such as 1, or a comma-separated list of proxy addresses and CIDRs (e.g. 10.0.0.0/8) (got "true")',
    );
  });

  it('serves the API docs outside production, and in production only with API_DOCS=1', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: '0' }).apiDocs).toBe(false);
  });

  it('never prints the password of a URL it refuses', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(message({ DATABASE_URL: 'postgress://app:hunter2@db.internal:5432/postkeeper' })).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "postgress://***@db.internal:5432/postkeeper")',
    );
    // A password may itself hold "@" or "/": everything up to the last "@" is hidden.
    const odd = message({ REDIS_URL: 'http://:p@ss/w@rd@cache:6379' });
    expect(odd).toBe('Invalid configuration: REDIS_URL must be a redis:// URL (got "http://***@cache:6379")');
    expect(message({ SMTP_URL: 'mail.example.com' })).toContain('(got "mail.example.com")');
  });

  it('never prints any part of a variable whose name says KEY, SECRET, TOKEN or PASSWORD', () => {
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_51Habcdefg' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…) (got a hidden value)',
    );
    for (const name of ['GOOGLE_CLIENT_SECRET', 'SOME_API_KEY', 'ACCESS_TOKEN', 'DB_PASSWORD', 'api_key'])
      expect(redactEnvValue(name, 'postgres://u:p@h/x and more')).toBe('a hidden value');
    expect(redactEnvValue('WEB_URL', 'https://user:pw@postkeeper.app/x?y=1')).toBe(
      '"https://***@postkeeper.app/x?y=1"',
    );
  });

  it('reads the admin list case-insensitively', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com , ops@example.com' }).ADMIN_EMAILS).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('makes the server process exit with that one line and status 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "eighty")');
    // Starting a TypeScript process takes seconds on a busy machine: a generous limit, not a timing check.
  }, 40_000);
});
