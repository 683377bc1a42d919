import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import oneWayImports from './scripts/eslint/one-way-imports.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.{js,mjs}', 'apps/server/src/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // The domain package is pure: no React, Fastify, database, clock or randomness.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react*', 'fastify*', '@fastify/*', 'kysely*', 'better-sqlite3', 'pg', 'node:*'] }],
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'fetch'],
    },
  },
  {
    // Only apps/server/src/config.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config.ts instead.' }],
    },
  },
  {
    // Web features never import each other: shared > features > app (bulletproof-react).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'one-way-imports': oneWayImports } } },
    rules: { 'local/one-way-imports': ['error', { root: 'apps/web/src' }] },
  },
);
