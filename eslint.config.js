import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';

// Imports run one way: src-site, src-admin and src-extension use src; src uses neither (its main.tsx is the composition
// root and the one exception); src-server uses only src/contract and src/config. Zones as in docs/architecture.md.

// The console's shared folders; every other folder of src-admin is a resource (or page) that uses only these.
const ADMIN_SHARED = ['common', 'grid', 'csv', 'providers', 'layout'];
const subfolders = (dir) =>
  readdirSync(`${import.meta.dirname}/${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const SERVER_PACKAGES = [
  'fastify',
  '@fastify/[a-z-]+',
  'fastify-type-provider-zod',
  'zod',
  'drizzle-orm',
  '@electric-sql/pglite',
  'pg',
  'ioredis',
  '@node-rs/argon2',
  'nodemailer',
  'openid-client',
  'stripe',
  'openai',
  '@anthropic-ai/sdk',
  '@google/genai',
  '@aws-sdk/client-s3',
  'prom-client',
];

const ROOMS = ['src', 'src-site', 'src-admin', 'src-extension', 'src-server'];
/** The rooms that `target` must not import, as zones. */
const closedTo = (target, allowed, message) =>
  ROOMS.filter((room) => room !== target && !allowed.includes(room)).map((from) => ({
    target: `./${target}`,
    from: `./${from}`,
    message,
  }));

const roomZones = [
  ...closedTo('src', [], 'src is shared: it must not import site, console or server code.'),
  ...closedTo('src-site', ['src'], 'The site may import src only.'),
  ...closedTo('src-admin', ['src'], 'The console may import src only.'),
  ...closedTo('src-extension', ['src'], 'The extension may import src only.'),
  ...closedTo('src-server', ['src'], 'The server imports no browser code.'),
  {
    target: './src-server',
    from: './src',
    except: ['./contract', './config.ts'],
    message: 'The server may import only src/contract and src/config.',
  },
];

const ADMIN_SECTIONS = subfolders('src-admin').filter((name) => !ADMIN_SHARED.includes(name));
const adminResourceZones = ADMIN_SECTIONS.map((name) => ({
  target: `./src-admin/${name}`,
  from: './src-admin',
  except: [`./${name}`, ...ADMIN_SHARED.map((s) => `./${s}`)],
  message: `A console resource uses only ${ADMIN_SHARED.join(', ')} and its own folder.`,
}));
// ...and the shared folders use no section: the console's root (registry.ts) hands them what they need.
const adminSharedZones = ADMIN_SHARED.map((name) => ({
  target: `./src-admin/${name}`,
  from: ADMIN_SECTIONS.map((section) => `./src-admin/${section}`),
  message:
    'Shared console code imports no section: take what it needs from the registry, passed in by the root.',
}));

// The site's shared folders: a screen uses only these and its own folder; layouts use ui; ui uses neither.
const SITE_SHARED = ['layout', 'ui'];
const siteZones = [
  ...subfolders('src-site')
    .filter((name) => ![...SITE_SHARED, 'prerender', 'public'].includes(name))
    .map((name) => ({
      target: `./src-site/${name}`,
      from: './src-site',
      except: [`./${name}`, ...SITE_SHARED.map((s) => `./${s}`)],
      message: `A site screen uses only ${SITE_SHARED.join(', ')} and its own folder.`,
    })),
  {
    target: './src-site/layout',
    from: './src-site',
    except: ['./layout', './ui'],
    message: 'Site layouts use only ui.',
  },
  { target: './src-site/ui', from: './src-site', except: ['./ui'], message: 'Site ui uses only src.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'src-server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain Node scripts (the test runner) use Node's globals.
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Only the rooms: the zones target them, and nothing in them imports tests, so a cycle cannot pass through one.
  {
    files: ['{src,src-site,src-admin,src-extension,src-server}/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Packages are never part of a cycle of ours (no-cycle ignores them anyway); not parsing them takes lint
      // from about 30 s to about 12 s.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...roomZones, ...adminResourceZones, ...adminSharedZones, ...siteZones] },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The composition root mounts the site and, lazily, the console.
  {
    files: ['src/main.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...roomZones.filter((z) => z.target !== './src'),
            ...adminResourceZones,
            ...adminSharedZones,
            ...siteZones,
          ],
        },
      ],
    },
  },
  // What the server may import: Node's own modules, its relative files, and this allow-list of packages. A new
  // dependency of the server is added here on purpose (docs/architecture.md).
  {
    files: ['src-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!\\.|node:|(${SERVER_PACKAGES.join('|')})(/|$))`,
              message: 'The server imports only the packages allowed in eslint.config.js.',
            },
          ],
        },
      ],
    },
  },
);
