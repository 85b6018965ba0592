import { describe, expect, it, onTestFinished } from 'vitest';
import { connect as connectSocket, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, withTestApp } from './harness';
import { shutdown } from '../../src-server/shutdown';
import { connect } from '../../src-server/db/connect';

const HEALTH_TOKEN = 'monitoring-secret-for-the-shutdown-tests';

/** Resolves with everything the server sent once it closes the connection. */
const untilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('close', () => resolve(text));
  });

const openSocket = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

async function until(what: string, ready: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !ready(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ready()) throw new Error(`never happened: ${what}`);
}

// Each test starts an app of its own, which takes a while on a busy machine.
describe('shutdown', { timeout: 120_000 }, () => {
  it('answers the request already on a connection with Connection: close, refuses new ones, and reports not ready', async () => {
    const t = await startTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    const { email, password } = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // A sign-in whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ email, password });
    const socket = await openSocket(port);
    const answer = untilClosed(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until('the request to arrive', () => t.app.drain.inFlight === 1);

    const stopped = shutdown(t.app, () => t.database.close(), 10_000);
    await until('draining', () => t.app.drain.draining);

    // Load balancers and probes see the process leaving; the reasons go to monitoring only.
    const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { message: 'This process is shutting down.' }]);
    const detailed = await t.app.inject({ method: 'GET', url: '/api/readyz', headers: bearer(HEALTH_TOKEN) });
    expect(detailed.json()).toEqual({
      message: 'This process is shutting down.',
      draining: true,
      database: 'up',
      migrations: 'applied',
    });
    // A new connection is refused, so a proxy sends that request to another process.
    await expect(openSocket(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    socket.write(body.slice(10));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"token"');

    // The sign-in and the two readiness probes.
    expect(await stopped).toMatchObject({ answered: 3, cut: 0 });
    // The database is closed behind the app.
    await expect(t.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('cuts what is still unanswered when the grace period ends, and still closes everything', async () => {
    const t = await startTestApp();
    onTestFinished(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = await openSocket(port);
    const answer = untilClosed(socket);
    // A body that never finishes arriving.
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await until('the request to arrive', () => t.app.drain.inFlight === 1);
    const report = await shutdown(t.app, () => t.database.close(), 300);
    expect(report.cut).toBe(1);
    expect(await answer).toBe('');
  });

  it('closes idle keep-alive connections once nothing arrives on them', async () => {
    const t = await startTestApp();
    onTestFinished(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = await openSocket(port);
    const answer = untilClosed(socket);
    socket.write('GET /api/livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until('the answer', () => t.app.drain.inFlight === 0 && t.app.drain.lastRequestAt > 0);
    const report = await shutdown(t.app, () => t.database.close(), 10_000);
    expect(report).toMatchObject({ answered: 0, cut: 0 });
    // The keep-alive answer came before SIGTERM; the connection was then closed as idle.
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*"alive"/);
  });

  it('reports ready and alive while serving; readiness details only to monitoring', async () => {
    await withTestApp({ HEALTH_TOKEN }, async (t) => {
      const live = await t.app.inject({ method: 'GET', url: '/api/livez' });
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'alive' }]);
      const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
      expect(ready.headers['cache-control']).toBe('no-store');
      const detailed = await t.app.inject({
        method: 'GET',
        url: '/api/readyz',
        headers: bearer(HEALTH_TOKEN),
      });
      expect(detailed.json()).toEqual({
        status: 'ready',
        draining: false,
        database: 'up',
        migrations: 'applied',
      });
      const { token } = await registerUser(t.app);
      const user = await t.app.inject({ method: 'GET', url: '/api/readyz', headers: bearer(token) });
      expect(user.json()).toEqual({ status: 'ready' });
    });
  });

  it('closes the embedded database only after the transaction in progress has committed', async () => {
    // Closed under an open transaction, the embedded engine crashed ("RuntimeError: unreachable", or a bare
    // rejection "Infinity" that stopped the server with an UnhandledPromiseRejection).
    const database = await connect({ dataDir: 'memory://' });
    await database.db.execute(sql`create table shutdown_probe (n int)`);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const work = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into shutdown_probe values (1)`);
      entered();
      await new Promise((r) => setTimeout(r, 100));
      await tx.execute(sql`insert into shutdown_probe values (2)`);
      const result = await tx.execute(sql`select count(*)::int as n from shutdown_probe`);
      return (result as unknown as { rows: { n: number }[] }).rows;
    });
    await inside;
    const closed = database.close();
    await expect(work).resolves.toEqual([{ n: 2 }]);
    await expect(closed).resolves.toBeUndefined();
  });
});
