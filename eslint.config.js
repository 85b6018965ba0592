import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Imports run one way: src-site and src-admin may use src; src uses neither (its main.tsx is the
// composition root and the one exception); src-server uses no browser code, only src/contract and src/config.
const noSiteOrAdmin = { group: ['**/src-site/**', '**/src-admin/**', '**/src-server/**'], message: 'src is shared: it must not import site, admin or server code.' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'src-server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain Node scripts (the test runner) use Node's globals.
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // The test extension is plain browser JavaScript that Chrome loads as it is, with the extension API.
  {
    files: ['tests/fixtures/extension/**/*.js'],
    languageOptions: { globals: { chrome: 'readonly', document: 'readonly', fetch: 'readonly', URL: 'readonly' } },
  },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSiteOrAdmin] }] },
  },
  {
    files: ['src-site/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src-admin/**', '**/src-server/**'], message: 'The site may import src only.' }] }] },
  },
  {
    files: ['src-admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src-site/**', '**/src-server/**'], message: 'The console may import src only.' }] }] },
  },
  {
    files: ['src-server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src-site/**', '**/src-admin/**', '**/src/api/**', '**/src/session/**', '**/src/extension/**', '**/src/format/**', 'react', 'react-dom'], message: 'The server imports no browser code: only src/contract and src/config.' }] }],
    },
  },
);
