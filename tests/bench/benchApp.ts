import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import type { Db } from '../../src-server/db/connect';

/**
 * The app as the benches measure it: test mode, silent logs, on the bench's database, ready to serve.
 * `env` adds or overrides settings (RATE_LIMIT_SCALE lifts the request limits out of a figure's way).
 */
export async function benchApp(db: Db, databaseUrl: string, env: Record<string, string | undefined> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    WEB_URL: 'http://localhost:3000',
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return app;
}
