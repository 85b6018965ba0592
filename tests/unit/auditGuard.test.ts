import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { registerAuditGuard, type AdminWriteRoute } from '../../src-server/admin/auditGuard';
import { audited } from '../../src-server/admin/audited';
import { operator } from '../../src-server/admin/adminContext';
import type { Db } from '../../src-server/db/connect';

/** A transaction stand-in that accepts the audit insert. */
const tx = { insert: () => ({ values: async () => undefined }) } as unknown as Db;
const record = {
  at: new Date(),
  action: 'user.ads',
  targetType: 'user',
  targetId: null,
  summary: 'Disabled ads for x@example.com',
  before: null,
  after: null,
} as const;

/** An admin scope with the guard, one audited write, one forgetful write, a read and a refused write. */
async function scope(nodeEnv: 'test' | 'production') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  app.decorate('ctx', { config: { NODE_ENV: nodeEnv } } as never);
  const writes: AdminWriteRoute[] = [];
  await app.register(
    async (admin) => {
      registerAuditGuard(admin, writes);
      admin.post('/audited', async (request) => {
        await audited(tx, operator(request), record);
        return { ok: true };
      });
      admin.patch('/forgetful/:id', async (request) => {
        operator(request);
        return { ok: true };
      });
      admin.delete('/silent', async () => ({ ok: true }));
      admin.get('/read', async () => ({ ok: true }));
      admin.post('/refused', async (_request, reply) => reply.code(409).send({ message: 'no' }));
      admin.all('/*', async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    },
    { prefix: '/api/admin' },
  );
  await app.ready();
  return { app, writes, lines };
}

describe('the audit guard', () => {
  it('collects every admin write route, and no reads or the catch-all', async () => {
    const { writes } = await scope('test');
    expect(writes.map((w) => `${w.method} ${w.url}`).sort()).toEqual([
      'DELETE /api/admin/silent',
      'PATCH /api/admin/forgetful/:id',
      'POST /api/admin/audited',
      'POST /api/admin/refused',
    ]);
  });

  it('lets an audited write, a read and a refused write through untouched', async () => {
    const { app, lines } = await scope('test');
    expect((await app.inject({ method: 'POST', url: '/api/admin/audited' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/admin/read' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/admin/refused' })).statusCode).toBe(409);
    expect(lines).toEqual([]);
  });

  it('under test, fails a successful write that wrote no audit record with 500 naming the route, and logs it', async () => {
    const { app, lines } = await scope('test');
    for (const [method, url, route] of [
      ['PATCH', '/api/admin/forgetful/42', 'PATCH /api/admin/forgetful/:id'],
      ['DELETE', '/api/admin/silent', 'DELETE /api/admin/silent'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: `${route} changed something without an audit record: call audited() in its transaction.`,
      });
    }
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 50,
      route: 'PATCH /api/admin/forgetful/:id',
      msg: 'admin write answered without an audit record',
    });
  });

  it('in production, logs the unaudited write as an error and keeps the truthful answer', async () => {
    const { app, lines } = await scope('production');
    const res = await app.inject({ method: 'DELETE', url: '/api/admin/silent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(JSON.parse(lines[0])).toMatchObject({ level: 50, route: 'DELETE /api/admin/silent' });
  });
});
