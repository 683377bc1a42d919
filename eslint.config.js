import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Web features, one folder each: a new folder is covered with no change here.
const WEB_FEATURES = readdirSync(join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Family names belong in packages/domain/src/families/registry.ts, nowhere in the engine that reads it.
const FAMILY_NAMES = 'IBD|OBD|RMA|DECOMM|RRD|RTP|STO|REPACK|SCANLITE|RECEIVE|DISPATCH|RETURN';
const FAMILY_MESSAGE = 'Name no document family here: read it from the family entry (packages/domain/src/families/registry.ts).';

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
    // Web imports flow one way, shared (components, lib, config) > features > app, and no feature
    // imports another (bulletproof-react's import/no-restricted-paths). Imports are resolved as
    // TypeScript resolves them, so type imports and lazy import() count too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'apps/web/tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: join(root, 'apps/web/src'),
          zones: [
            {
              target: ['./components', './lib', './config'],
              from: ['./features', './app'],
              message: 'Shared code (components/, lib/, config/) imports neither features/ nor app/.',
            },
            { target: './features', from: './app', message: 'A feature does not import app/.' },
            ...WEB_FEATURES.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared piece to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The scan and completion engine and the web's documents feature never name a family.
    files: ['apps/server/src/api/scans/**/*.ts', 'apps/web/src/features/documents/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/^(${FAMILY_NAMES})$/]`, message: FAMILY_MESSAGE },
        { selector: `TemplateElement[value.raw=/^(${FAMILY_NAMES})$/]`, message: FAMILY_MESSAGE },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@pharma/domain', importNames: ['receive', 'dispatch', 'returns', 'scrap'], message: FAMILY_MESSAGE }] },
      ],
    },
  },
);
