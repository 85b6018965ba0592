import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNPACKED_EXTENSION_ID } from '../../src-extension/build/extensionId';
import { freePort } from '../fixtures/localServer';
import { startFakeGoogle } from '../fixtures/fakeGoogle';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The local OpenID provider standing in for Google; tests pick its next account with signInNextAs. */
    googleIssuer: string;
    extensionId: string;
    /** The built extension (the run's own folder), which the extension tests load unpacked. */
    extensionDir: string;
    /** The built web app, for tests that serve it from a server of their own (extensionLibrary.test.ts). */
    clientDir: string;
  }
}

/**
 * Builds the app exactly as `npm start` does, the web app and the extension, then runs the server on a fresh
 * embedded database with the demo seed, so browser tests drive the real build. The extension tests load the
 * built extension; its manifest's key gives it the id the web app talks to. A prebuilt E2E_CLIENT_DIR comes with
 * its extension in E2E_EXTENSION_DIR (default dist/extension), built the same way.
 */
export default async function setup(project: TestProject) {
  const root = join(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'postkeeper-e2e-'));
  // Each run builds into its own folders, exactly as `npm run build` does, so parallel runs never clash.
  // A blank E2E_CLIENT_DIR counts as unset, as a blank CLIENT_DIR does for the build (vite.config.ts).
  const prebuilt = process.env.E2E_CLIENT_DIR?.trim();
  const clientDir = prebuilt || join(dataDir, 'client');
  const extensionDir = prebuilt
    ? process.env.E2E_EXTENSION_DIR?.trim() || join(root, 'dist', 'extension')
    : join(dataDir, 'extension');
  const extensionId = UNPACKED_EXTENSION_ID;
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  if (!prebuilt)
    execSync('npm run build', {
      cwd: root,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which Vite would take for a development build of React (effects run twice,
      // every request made twice); `npm start` builds for production. The extension is built for this run's
      // server, as a development build like `npm start`'s. The extension id is named so that a
      // VITE_EXTENSION_ID in .env cannot change it.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        CLIENT_DIR: clientDir,
        EXTENSION_DIR: extensionDir,
        EXTENSION_MODE: 'development',
        WEB_URL: baseURL,
        API_URL: '',
        VITE_EXTENSION_ID: extensionId,
      },
    });
  const google = await startFakeGoogle({
    clientId: 'postkeeper-e2e',
    clientSecret: 'e2e-google-secret',
    redirectUri: `${baseURL}/api/auth/google/callback`,
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_URL: baseURL,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every browser test signs in from one address.
      RATE_LIMIT_SCALE: '50',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: 'postkeeper-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_ISSUER: google.issuer,
      STRIPE_SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's output is kept in the data folder: tests read mail links from it (no SMTP in e2e).
  const log = createWriteStream(join(dataDir, 'server.log'));
  let output = '';
  const keep = (d: Buffer) => {
    output += d;
    log.write(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('googleIssuer', google.issuer);
  project.provide('extensionId', extensionId);
  project.provide('extensionDir', extensionDir);
  project.provide('clientDir', clientDir);
  return async () => {
    child.kill('SIGTERM');
    await google.close();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
