import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extensionNotice } from '../../src-server/extensionNotice';

describe("the start banner's extension lines", () => {
  const root = mkdtempSync(join(tmpdir(), 'postkeeper-banner-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('say where the built extension is and how to load it', () => {
    const dir = join(root, 'dist', 'extension');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), '{}');
    expect(extensionNotice(dir, root)).toEqual([
      '',
      `  Chrome extension: ${join('dist', 'extension')}`,
      '    Load it unpacked in chrome://extensions (Developer mode, then Load unpacked), then sign in here.',
    ]);
    // Outside the folder the server runs in, the whole path.
    expect(extensionNotice(dir, join(root, 'elsewhere'))[1]).toBe(`  Chrome extension: ${dir}`);
  });

  it('say nothing when no extension was built', () => {
    expect(extensionNotice(join(root, 'missing'), root)).toEqual([]);
  });
});
