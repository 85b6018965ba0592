import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A free local port (the OS picks one, and it is given back at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ApiProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** What it printed, for the failure message. */
  output: () => string;
  /** Resolves once /api/healthz answers 200; rejects when the process exits first or `timeoutMs` passes. */
  ready(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** One API process as production starts it: `node --import tsx src-server/main.ts` with its environment. */
export function startApi(name: string, port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${output.slice(-3000)}`)),
    ),
  );
  exited.catch(() => undefined);
  return {
    name,
    port,
    url,
    child,
    output: () => output,
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const poll = async (): Promise<void> => {
        while (Date.now() < deadline) {
          const ok = await fetch(`${url}/api/healthz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return;
          await new Promise((r) => setTimeout(r, 250));
        }
        throw new Error(
          `${name} did not answer /api/healthz within ${timeoutMs} ms:\n${output.slice(-3000)}`,
        );
      };
      await Promise.race([poll(), exited]);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
