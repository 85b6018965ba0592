// Runs after `vite build` (see `npm run build`): renders `/` into the built index.html so the landing page's
// content is in the HTML before any script runs, and keeps the un-rendered page as shell.html, which the server
// sends for every other web route. Text files also get .br and .gz siblings.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, resolveConfig } from 'vite';
import { precompress } from './precompress';

const root = join(import.meta.dirname, '..', '..');
const configFile = join(root, 'vite.config.ts');
const MARKER = '<!--app-html-->';

async function buildServerEntry(tempDir: string): Promise<string> {
  await build({
    configFile,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: join(root, 'src-site', 'prerender', 'entry-server.tsx'),
      outDir: tempDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  return join(tempDir, 'entry-server.mjs');
}

async function main(): Promise<void> {
  // The folder `vite build` has just written: vite.config.ts is the one place that reads CLIENT_DIR.
  const client = await resolveConfig({ configFile, logLevel: 'warn' }, 'build', 'production');
  const outDir = resolve(client.root, client.build.outDir);
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  if (!template.includes(MARKER)) throw new Error(`${MARKER} not found in the built index.html`);
  // Inside the project, so the server bundle resolves react and the router from node_modules; unique per run.
  const tempDir = mkdtempSync(join(root, 'node_modules', '.prerender-'));
  try {
    const entry = await buildServerEntry(tempDir);
    const { render } = (await import(pathToFileURL(entry).href)) as {
      render: (url: string) => Promise<string>;
    };
    const html = await render('/');
    writeFileSync(join(outDir, 'shell.html'), template);
    writeFileSync(join(outDir, 'index.html'), template.replace(MARKER, html));
    const compressed = precompress(outDir);
    console.log(
      `prerender: / rendered (${html.length} characters of HTML); shell.html written; ${compressed} files precompressed`,
    );
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('prerender failed:', err);
  process.exit(1);
});
