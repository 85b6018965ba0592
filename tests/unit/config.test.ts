import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../../src-server/config';

describe('configuration from the environment', () => {
  it('runs with no variables at all: embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SESSION_TTL_DAYS: 30,
      ADMIN_EMAILS: ['admin@example.com'],
      RATE_LIMIT_SCALE: 1,
    });
    expect(config.webUrl).toBe('http://localhost:3000');
    expect(config.apiUrl).toBe('http://localhost:3000/api');
    expect(config.DATABASE_URL).toBeUndefined();
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
  });
});
