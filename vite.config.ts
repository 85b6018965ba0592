import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  root: `${root}src`,
  publicDir: `${root}src-site/public`,
  envDir: root,
  plugins: [react()],
  build: {
    // CLIENT_DIR lets a test run build into its own folder; the server reads the same variable, and the prerender
    // takes the folder from here. Blank counts as unset: '' would be Vite's root, src/, emptied before the build.
    outDir: process.env.CLIENT_DIR?.trim() || `${root}dist/client`,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // react-admin, MUI and charts stay in the lazy /admin chunks; the site shares only React and the router.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [root] },
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/component/setup.ts'],
          // Console screens render react-admin and MUI in jsdom: slow on a busy two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
