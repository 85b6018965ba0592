// GET /api/auth/me on the real app against a bare Fastify route doing the same primary-key lookup with pg
// (the session by its token hash, joined to its user), both on one PostgreSQL database in the same run.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { benchApp } from './benchApp';
import { connect } from '../../src-server/db/connect';
import { users } from '../../src-server/db/schema';
import { createSession } from '../../src-server/auth/sessions';
import { systemClock } from '../../src-server/clock';
import { withThrowawayDatabase } from './throwawayDatabase';
import type { FigureRow } from './figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function rate(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    requests: [{ method: 'GET', path: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }],
  });
  return (result.requests.total - result.non2xx - result.errors) / SECONDS;
}

/** The bare route: one pooled pg query by primary key, the row sent back as JSON. */
async function bareServer(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  app.get('/api/auth/me', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await pool.query(
      'select u.id, u.email, u.display_name, u.role, u.plan from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.expires_at > now() limit 1',
      [hash],
    );
    if (!rows.length) return reply.code(401).send({ message: 'Please sign in to continue.' });
    return { user: rows[0] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: async () => (await app.close(), await pool.end()) };
}

export async function runMeBaseline(baseUrl: string | undefined): Promise<FigureRow[]> {
  if (!baseUrl)
    return [
      { group: 'API', name: 'GET /api/auth/me vs bare Fastify + pg', value: 'skipped (no DATABASE_URL)' },
    ];
  let rows: FigureRow[] = [];
  await withThrowawayDatabase(baseUrl, async (databaseUrl) => {
    const database = await connect({ databaseUrl, dataDir: 'memory://' });
    await database.migrate();
    const app = await benchApp(database.db, databaseUrl);
    const bare = await bareServer(databaseUrl);
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'me@bench.test', password: 'correct-horse-1', displayName: 'Bench' },
      });
      const [user] = await database.db.select().from(users).where(eq(users.email, 'me@bench.test'));
      const token = await createSession({ db: database.db, clock: systemClock }, user.id, 30);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const baseline = await rate(bare.url, token);
      const real = await rate(`http://127.0.0.1:${port}`, token);
      console.log(
        `GET /api/auth/me: ${real.toFixed(0)} req/s; bare Fastify + pg: ${baseline.toFixed(0)} req/s`,
      );
      rows = [
        {
          group: 'API (PostgreSQL)',
          name: 'GET /api/auth/me req/s (ratio to bare)',
          value: `${real.toFixed(0)} (${(real / baseline).toFixed(2)})`,
          baseline: `${baseline.toFixed(0)} bare Fastify + pg`,
        },
      ];
    } finally {
      await app.close();
      await bare.close();
      await database.close();
    }
  });
  return rows;
}
