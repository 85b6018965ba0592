// `npm run test:scale`: the production shape on one machine. A fresh PostgreSQL database, Redis, a local SMTP
// server, two API processes started at the same moment, and nginx in front with deploy/nginx.conf; then checks
// through nginx that start-up, sessions, sign-in limits, the abuse check, mail, a rolling restart and a killed
// process behave as with one process. Prints a table of figures; exits non-zero when a check fails.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startSmtp } from '../fixtures/smtpServer';
import { freePort, startApi, type ApiProcess } from './apiProcess';
import { ensureNginx, siteConfig, startNginx, type Nginx } from './nginx';
import { query, waitFor } from './http';
import * as check from './checks';
import { rollingRestart } from './rollingRestart';
import { mediaAcrossProcesses, startObjectStore, type ObjectStore } from './objectStorage';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 90_000;

async function main(): Promise<void> {
  const started = Date.now();
  const binary = ensureNginx();
  const work = mkdtempSync(join(tmpdir(), 'postkeeper-scale-'));
  // nginx's workers may run as another user than this one: they must read the web root.
  chmodSync(work, 0o755);
  const webRoot = join(work, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Postkeeper</title><p>landing page</p>');
  writeFileSync(join(webRoot, 'shell.html'), '<!doctype html><title>Postkeeper</title><p>app shell</p>');

  const dbName = `pk_scale_${randomBytes(4).toString('hex')}`;
  await query(BASE_URL, `CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const redisPrefix = `pk:scale:${randomBytes(4).toString('hex')}:`;
  const smtp = await startSmtp();
  // Media and screenshots in one bucket both processes share, as on several machines.
  const store: ObjectStore = await startObjectStore(work);
  const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  // Monitoring's secret: /api/healthz answers the database, Redis and job details only to it and operators.
  const healthToken = randomBytes(32).toString('hex');
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: redisPrefix,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    WEB_URL: nginxUrl,
    SEED_DEMO: '1',
    RATE_LIMIT_SCALE: '1',
    DATA_DIR: join(work, 'data'),
    CLIENT_DIR: webRoot,
    LOG_LEVEL: 'warn',
    HEALTH_TOKEN: healthToken,
    ...store.env,
  };
  const figures: [string, string | number][] = [];
  let processes: ApiProcess[] = [];
  let nginx: Nginx | null = null;
  try {
    // Both at the same moment, on an empty database: the start-up lock must keep their migrations apart.
    processes = [startApi('process A', portA, env), startApi('process B', portB, env)];
    await Promise.all(processes.map((p) => p.ready(START_TIMEOUT_MS)));
    figures.push(['both processes ready (s after spawn)', ((Date.now() - started) / 1000).toFixed(1)]);
    nginx = startNginx(binary, join(work, 'nginx'), siteConfig([portA, portB], nginxPort, webRoot));
    await waitFor('nginx', 10_000, async () =>
      (await fetch(`${nginxUrl}/api/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
        ? true
        : undefined,
    );
    const shape: check.Shape = { nginx: nginxUrl, processes, databaseUrl, smtp, figures, healthToken };
    const steps: [string, () => Promise<unknown>][] = [
      ['both processes came up, and the demo seed exists once', () => check.bothCameUpWithOneSeed(shape)],
      ['the static site is served with its headers', () => check.staticSite(shape)],
      ['sign-in limits are shared', () => check.signInLimitsShared(shape)],
      ['four concurrent abuse checks start one run', () => check.oneAbuseCheck(shape)],
      ['one reset request delivers one mail', () => check.oneResetMail(shape)],
    ];
    for (const [name, run] of steps) await step(name, run);
    const token = await step('a session works on every process', () => check.sessionWorksEverywhere(shape));
    await step('a rolling restart under load loses nothing', () =>
      rollingRestart(shape, token, (i) => startApi(processes[i].name, processes[i].port, env)),
    );
    await step('media and screenshots in object storage, across processes', () =>
      mediaAcrossProcesses(shape, store),
    );
    const killedAt = await step('one process killed under load fails under 0.1%', () =>
      check.killOneUnderLoad(shape, token),
    );
    await step('the survivor runs the jobs', () => check.survivorRunsTheJobs(shape, killedAt));
    if (/\[(emerg|alert|crit)\]/.test(nginx.errorLog())) throw new Error(`nginx: ${nginx.errorLog()}`);
  } finally {
    figures.push(['whole run (s)', ((Date.now() - started) / 1000).toFixed(1)]);
    printTable(figures);
    await nginx?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    await smtp.close();
    await store.stop();
    await query(BASE_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await clearRedis(redisPrefix);
    rmSync(work, { recursive: true, force: true });
  }
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    const value = await run();
    console.log(`  ok   ${name} (${Date.now() - t0} ms)`);
    return value;
  } catch (err) {
    console.log(`  FAIL ${name}`);
    throw err;
  }
}

async function clearRedis(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } catch {
    // Nothing to clean when Redis is gone.
  } finally {
    redis.disconnect();
  }
}

function printTable(rows: [string, string | number][]): void {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('\n  Scale-out figures');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  console.log('');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`\ntest:scale failed: ${(err as Error).stack ?? err}`);
    process.exit(1);
  },
);
