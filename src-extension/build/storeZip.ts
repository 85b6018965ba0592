import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';

/** Every file under `dir`, by its path inside it with forward slashes (as zip entries are named). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The zip the Chrome Web Store takes: the built extension with manifest.json at its root. The store signs the
 * extension with its own key and refuses a manifest that carries one, so `manifest` is the key-less one.
 */
export function writeStoreZip(builtDir: string, manifest: object, zipFile: string): void {
  const files: Zippable = {};
  for (const path of filesUnder(builtDir))
    files[path] =
      path === 'manifest.json'
        ? Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
        : readFileSync(join(builtDir, path));
  // A fixed date keeps the zip the same from build to build when the files are.
  writeFileSync(zipFile, zipSync(files, { level: 9, mtime: new Date('2020-01-01T00:00:00Z') }));
}
