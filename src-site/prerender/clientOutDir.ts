import { join } from 'node:path';

/**
 * Where the build writes the web app: CLIENT_DIR when it names a folder, else dist/client. An empty or blank
 * CLIENT_DIR counts as unset: Vite would take '' for its own root (src/) and empty it before writing there.
 */
export function clientOutDir(root: string, env: Record<string, string | undefined> = process.env): string {
  const dir = env.CLIENT_DIR?.trim();
  return dir ? dir : join(root, 'dist', 'client');
}
