import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { connect, type Database } from '../../src-server/db/connect';
import { users } from '../../src-server/db/schema';
import { createSession } from '../../src-server/auth/sessions';
import { hashPassword } from '../../src-server/auth/passwords';
import { systemClock } from '../../src-server/clock';
import { freePort, ROOT } from '../fixtures/localServer';

/** Where a server process keeps its data: an embedded database in dataDir, or a PostgreSQL database. */
export interface DataPlace {
  dataDir: string;
  databaseUrl?: string;
}

export const openDatabase = async (place: DataPlace): Promise<Database> => {
  const database = await connect({ databaseUrl: place.databaseUrl, dataDir: join(place.dataDir, 'pglite') });
  await database.migrate();
  return database;
};

/**
 * Accounts made straight in the database before the server starts, each with a session: callers that need no
 * sign-in request, so no sign-in limit can trip however hard the suite pushes.
 */
export async function premadeAccounts(
  place: DataPlace,
  counts: { users: number; admins: number },
): Promise<{ users: { id: string; token: string }[]; admins: { id: string; token: string }[] }> {
  const database = await openDatabase(place);
  try {
    const passwordHash = await hashPassword('correct-horse-1');
    const make = async (role: 'user' | 'admin', i: number) => {
      const email = `${role}-${i}@example.com`;
      await database.db
        .insert(users)
        .values({ email, passwordHash, displayName: `${role} ${i}`, name: `${role} ${i}`, role })
        .onConflictDoNothing();
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return { id: row.id, token: await createSession({ db: database.db, clock: systemClock }, row.id, 30) };
    };
    const list = (role: 'user' | 'admin', n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => make(role, i)));
    return { users: await list('user', counts.users), admins: await list('admin', counts.admins) };
  } finally {
    await database.close();
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, as when the machine loses the process. */
  kill9(): Promise<void>;
  /** SIGTERM: the graceful stop operators use. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The real server (`node --import tsx src-server/main.ts`) on a free port, once /api/healthz answers. */
export async function startServer(
  place: DataPlace,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_URL: url,
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? '',
      CLIENT_DIR: join(tmpdir(), 'postkeeper-no-client'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      // Every request of the suite comes from one address; the limits themselves are tested elsewhere.
      RATE_LIMIT_SCALE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
