// The build's output folder (vite.config.ts, which the prerender also reads): a blank CLIENT_DIR once made the
// build take Vite's own root, src/, for its output and empty it.
import { join, resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const saved = process.env.CLIENT_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.CLIENT_DIR;
  else process.env.CLIENT_DIR = saved;
});

/** The folder `vite build` writes and empties first, with CLIENT_DIR as given (undefined: unset). */
async function outDirWith(clientDir: string | undefined): Promise<{ outDir: string; emptied: boolean }> {
  if (clientDir === undefined) delete process.env.CLIENT_DIR;
  else process.env.CLIENT_DIR = clientDir;
  const config = await resolveConfig({ configFile: join(root, 'vite.config.ts') }, 'build', 'production');
  return { outDir: resolve(config.root, config.build.outDir), emptied: config.build.emptyOutDir === true };
}

describe('where the build writes the web app', () => {
  it('is dist/client when CLIENT_DIR is unset, empty or blank', async () => {
    for (const value of [undefined, '', '   '])
      expect(await outDirWith(value)).toEqual({ outDir: join(root, 'dist', 'client'), emptied: true });
  });

  it('is the folder CLIENT_DIR names', async () => {
    expect((await outDirWith('/tmp/run-1/client')).outDir).toBe('/tmp/run-1/client');
  });

  it('is never the source folder, which the build empties first, when CLIENT_DIR is empty', async () => {
    const { outDir, emptied } = await outDirWith('');
    expect(outDir).not.toBe(join(root, 'src'));
    expect(emptied).toBe(true);
  });
});
