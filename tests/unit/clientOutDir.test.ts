// The build's output folder (src-site/prerender/clientOutDir.ts): a blank CLIENT_DIR once made the build take
// Vite's own root, src/, for its output and empty it.
import { join, resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { clientOutDir } from '../../src-site/prerender/clientOutDir';

const root = resolve(import.meta.dirname, '..', '..');
const saved = process.env.CLIENT_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.CLIENT_DIR;
  else process.env.CLIENT_DIR = saved;
});

describe('where the build writes the web app', () => {
  it('is dist/client when CLIENT_DIR is unset, empty or blank', () => {
    for (const env of [{}, { CLIENT_DIR: '' }, { CLIENT_DIR: '   ' }])
      expect(clientOutDir(root, env)).toBe(join(root, 'dist', 'client'));
  });

  it('is the folder CLIENT_DIR names', () => {
    expect(clientOutDir(root, { CLIENT_DIR: '/tmp/run-1/client' })).toBe('/tmp/run-1/client');
  });

  it('is never the source folder, which the build empties first, when CLIENT_DIR is empty', async () => {
    process.env.CLIENT_DIR = '';
    const config = await resolveConfig({ configFile: join(root, 'vite.config.ts') }, 'build', 'production');
    expect(resolve(config.root, config.build.outDir)).toBe(join(root, 'dist', 'client'));
    expect(config.build.emptyOutDir).toBe(true);
  });
});
