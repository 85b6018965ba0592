import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { connect } from './db/connect';
import { buildApp } from './app';
import { errorText } from './errorLog';
import { seedIfWanted } from './seed';
import { workingDemoLogins } from './seed/demoLogins';
import { demoLoginNotice } from './seed/demoLoginNotice';
import { extensionNotice } from './extensionNotice';
import { shutdown } from './shutdown';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await connect({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  // This process runs the background jobs too; leases in the jobs table keep each run to one process.
  const app = await buildApp({ config, db: database.db, clientDir: config.clientDir, runJobs: true });
  const seeded = await seedIfWanted(database, config, app.log, app.ctx.clock);
  const demo = demoLoginNotice(config, await workingDemoLogins(database.db));
  if (demo.kind === 'refuse') {
    app.log.error(demo.message);
    console.error(demo.message);
    await app.close();
    await database.close();
    process.exit(1);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (demo.kind === 'exposed') app.log.warn(demo.message);
  const url = config.WEB_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Postkeeper is running at ${url}`,
    `  API: ${config.apiUrl}${config.apiDocs ? `   docs: ${config.apiUrl}/docs` : ''}`,
    `  Database: ${database.engine === 'pglite' ? `embedded (${resolve(config.DATA_DIR)})` : 'PostgreSQL'}${seeded ? ', demo data seeded' : ''}`,
    ...demo.banner,
    ...extensionNotice(config.extensionDir),
    '',
  ];
  console.log(lines.join('\n'));
  // One shutdown however many signals come (Ctrl-C in a terminal reaches npm and node both). The database closes
  // only once no request or job uses it: closed under a running query, the embedded one failed with the bare
  // rejection "Infinity".
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shutdown(app, () => database.close(), config.SHUTDOWN_GRACE_MS).then(
      (r) => {
        app.log.info(
          { signal, answered: r.answered, cut: r.cut, ms: r.ms },
          `stopped on ${signal}: ${r.answered} requests answered while draining, ${r.cut} cut, in ${r.ms} ms`,
        );
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, `shutdown on ${signal} failed: ${errorText(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error(`Postkeeper failed to start: ${errorText(err)}`);
  process.exit(1);
});
