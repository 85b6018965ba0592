// `npm run bench [-- --users 100000] [-- --posts 1000000] [-- --skip web,admin,me,api]`: every benchmark in one
// run, printed as ONE table, each figure beside its target and the baseline measured in the same run:
//   - web: `/` JavaScript against a bare React + router entry, Lighthouse on `/`, `/dashboard/login`,
//     `/admin/users` and `/admin`;
//   - me: GET /api/auth/me req/s against a bare Fastify route doing the same primary-key query with pg;
//   - admin: opening Users (requests, ms) and the CSV export of 10,000 rows, in Chromium at 100k users;
//   - api: the admin lists, whole-population figures and extension API figures at 100k users on both engines.
// PostgreSQL figures need DATABASE_URL (a server the bench may create throwaway databases on).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient, printTable, type FigureRow } from './figures';
import { runWebBench } from './web';
import { runAdminBench } from './admin';
import { runMeBaseline } from './meBaseline';
import { runApiBench } from './api';

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const skip = new Set((opt('skip') ?? '').split(',').filter(Boolean));

async function main(): Promise<void> {
  const started = Date.now();
  const rows: FigureRow[] = [];
  const work = mkdtempSync(join(tmpdir(), 'postkeeper-bench-'));
  try {
    if (!skip.has('web') || !skip.has('admin')) {
      const clientDir = join(work, 'client');
      buildClient(clientDir, 'building the app once for the web and console benches…');
      if (!skip.has('web')) rows.push(...(await runWebBench(clientDir)).rows);
      if (!skip.has('admin')) rows.push(...(await runAdminBench(clientDir)));
    }
    if (!skip.has('me')) rows.push(...(await runMeBaseline(process.env.DATABASE_URL)));
    if (!skip.has('api'))
      rows.push(
        ...(await runApiBench({
          users: Number(opt('users') ?? 100_000),
          posts: Number(opt('posts') ?? 1_000_000),
          only: opt('only'),
        })),
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ` +
      `whole run ${Math.round((Date.now() - started) / 1000)} s`,
  );
  printTable(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
