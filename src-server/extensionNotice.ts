import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/**
 * The start banner's lines about the extension that `npm run build` wrote next to the web app: where it is and
 * how to load it. It is built for this server's origin and its id is the one the web app sends to, so loading it
 * unpacked is the only step left. Nothing when there is no built extension.
 */
export function extensionNotice(extensionDir: string, cwd: string = process.cwd()): string[] {
  if (!existsSync(join(extensionDir, 'manifest.json'))) return [];
  const rel = relative(cwd, extensionDir);
  const where = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : extensionDir;
  return [
    '',
    `  Chrome extension: ${where}`,
    '    Load it unpacked in chrome://extensions (Developer mode, then Load unpacked), then sign in here.',
  ];
}
