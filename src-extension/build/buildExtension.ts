import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin } from 'vite';
import { PRODUCT_NAME } from '../../src/config';
import { PAGE_METADATA_SCRIPT } from '../background/pageScript';
import { buildManifest } from '../manifest';
import { drawIcon, ICON_SIZES } from './drawIcon';
import { importMetaEnv, readExtensionBuildConfig, type ExtensionBuildConfig } from './extensionBuildConfig';
import { writeStoreZip } from './storeZip';

// Builds the extension into EXTENSION_DIR (default dist/extension), ready to load unpacked; with --zip also the
// store's zip beside it. `npm run build` runs it after the web app; `npm run build:extension` runs it alone.
//   - popup.html and dashboard.html: ordinary Vite pages (module scripts, no inline code: the CSP forbids it);
//     the library (dashboard.html) is a React app whose Analytics view (recharts) is a chunk loaded on demand;
//   - background.js: the service worker, one ES module;
//   - content/<name>.js: one classic script per file in content/entries/, with everything it imports inlined,
//     because Chrome runs content scripts as classic scripts; so is pageMetadata.js, which the worker injects.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKER_ENTRY = join(ROOT, 'background', 'serviceWorker.ts');
const CONTENT_ENTRIES = join(ROOT, 'content', 'entries');
const PAGE_METADATA_ENTRY = join(ROOT, 'background', 'pageMetadataScript.ts');
const PAGES = {
  popup: join(ROOT, 'popup', 'popup.html'),
  dashboard: join(ROOT, 'library', 'dashboard.html'),
};

/** The pages name the product as src/config.ts does (%PRODUCT_NAME% in their HTML), before any script runs. */
const productName: Plugin = {
  name: 'postkeeper-product-name',
  transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
};

function viteConfig(config: ExtensionBuildConfig, build: InlineConfig['build']): InlineConfig {
  return {
    configFile: false,
    root: ROOT,
    base: '/',
    mode: 'production',
    // Only what the build configuration says reaches the code: no .env files, no public folder.
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    // React for the library page (library/main.tsx); the other entries have no JSX and are left as they are.
    plugins: [productName, react()],
    define: { ...importMetaEnv(config), 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir: config.outDir, emptyOutDir: false, sourcemap: false, target: 'chrome116', ...build },
  };
}

/** The content entries: every .ts file in content/entries, by name. */
export function contentEntryNames(): string[] {
  if (!existsSync(CONTENT_ENTRIES)) return [];
  return readdirSync(CONTENT_ENTRIES)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

async function buildPages(config: ExtensionBuildConfig): Promise<void> {
  await build(
    viteConfig(config, {
      modulePreload: { polyfill: false },
      rolldownOptions: { input: PAGES },
    }),
  );
  // Vite writes each page where its source is (popup/popup.html); the manifest and the web app name them at the
  // root. Their assets are linked from the root (/assets/…), so moving the page changes nothing else.
  for (const page of Object.values(PAGES)) {
    const built = join(config.outDir, relative(ROOT, page));
    renameSync(built, join(config.outDir, basename(page)));
    rmSync(dirname(built), { recursive: true, force: true });
  }
}

async function buildWorker(config: ExtensionBuildConfig): Promise<void> {
  if (!existsSync(WORKER_ENTRY))
    throw new Error(`The service worker's entry is missing: ${relative(ROOT, WORKER_ENTRY)}`);
  await build(
    viteConfig(config, {
      lib: { entry: WORKER_ENTRY, formats: ['es'], fileName: () => 'background.js' },
      // One file: a service worker's imports are all loaded at start anyway.
      rolldownOptions: { output: { codeSplitting: false } },
    }),
  );
}

/** A classic script (IIFE): everything it imports inlined, since Chrome runs injected scripts as classic ones. */
async function buildClassicScript(
  config: ExtensionBuildConfig,
  entry: string,
  fileName: string,
): Promise<void> {
  await build(
    viteConfig(config, {
      lib: {
        entry,
        formats: ['iife'],
        // An IIFE needs a global name even when the script exports nothing.
        name: `postkeeper_${basename(fileName, '.js').replace(/\W/g, '_')}`,
        fileName: () => fileName,
      },
    }),
  );
}

function writeIcons(config: ExtensionBuildConfig): void {
  mkdirSync(join(config.outDir, 'icons'), { recursive: true });
  for (const size of ICON_SIZES)
    writeFileSync(join(config.outDir, 'icons', `icon${size}.png`), drawIcon(size));
}

/** Builds the unpacked extension (and with `zip` the store's zip); answers where they are. */
export async function buildExtension(
  config: ExtensionBuildConfig = readExtensionBuildConfig(),
  { zip = false } = {},
): Promise<{ outDir: string; zipFile?: string }> {
  rmSync(config.outDir, { recursive: true, force: true });
  mkdirSync(config.outDir, { recursive: true });
  await buildPages(config);
  await buildWorker(config);
  const contentScripts = contentEntryNames();
  for (const name of contentScripts)
    await buildClassicScript(config, join(CONTENT_ENTRIES, `${name}.ts`), `content/${name}.js`);
  // The metadata reader the worker injects into a tab of any other site (popup, context menu).
  await buildClassicScript(config, PAGE_METADATA_ENTRY, PAGE_METADATA_SCRIPT);
  writeIcons(config);
  const manifest = buildManifest(config, { contentScripts, withKey: true });
  writeFileSync(join(config.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!zip) return { outDir: config.outDir };
  const zipFile = join(dirname(config.outDir), `postkeeper-extension-${config.version}.zip`);
  writeStoreZip(config.outDir, buildManifest(config, { contentScripts, withKey: false }), zipFile);
  return { outDir: config.outDir, zipFile };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const config = readExtensionBuildConfig();
  buildExtension(config, { zip: process.argv.includes('--zip') }).then(
    ({ outDir, zipFile }) => {
      // The folder as the user typed it would be, when it is under the current one.
      const rel = relative(process.cwd(), outDir);
      const where = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : outDir;
      console.log(
        `Extension (${config.mode}, web app ${config.webUrl}, API ${config.apiUrl}) built into ${where}: ` +
          'load it unpacked in chrome://extensions.',
      );
      if (zipFile) console.log(`Store zip: ${zipFile}`);
    },
    (err: unknown) => {
      console.error(`The extension build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
