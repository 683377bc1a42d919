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

// The web's one way to the domain's messages, in the shown language (decision 0092).
const SHOWN_MESSAGE_IMPORT = {
  name: '@pharma/domain',
  importNames: ['message'],
  message: 'Import message from apps/web/src/i18n/language.ts: it answers in the shown language (decision 0092).',
};

// Family names belong in packages/domain/src/families/registry.ts, nowhere in the code that reads it: every
// family's document type and module (each also with '+', its lite family's; decision 0085).
const FAMILY_NAMES = 'IBD|OBD|RMA|DECOMM|RRD|RTP|STO|REPACK|SCANLITE|COUNT|RECEIVE|DISPATCH|RETURN|TRANSFER|REDRESS|STOCKTAKE';
const FAMILY_MESSAGE = 'Name no document family here: read it from the family entry (packages/domain/src/families/registry.ts).';

/** The families' rule objects of the domain, which only the registry and the families' own code name (decision 0085). */
const FAMILY_IMPORTS = {
  name: '@pharma/domain',
  importNames: ['receive', 'dispatch', 'returns', 'scrap', 'transfer', 'returnToPrincipal', 'redress', 'scanLite', 'repack', 'stockTake'],
  message: FAMILY_MESSAGE,
};

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
    // The web shows the domain's messages in the shown language (decision 0092): through apps/web/src/i18n/language.ts,
    // never the domain's `message` (English unless told). The documents feature's block below repeats the path.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/i18n/language.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [SHOWN_MESSAGE_IMPORT] }] },
  },
  // The server never names a family (its seed data, migrations and tests aside): its services, routes and
  // permission hook read the registry they are given (decision 0085). The web's documents feature neither, and
  // it takes the domain's messages from i18n/language.ts as the rest of the web does (the block above: this
  // block's rule replaces that one for these files, so it lists both).
  ...[
    { files: ['apps/server/src/**/*.ts'], paths: [FAMILY_IMPORTS] },
    { files: ['apps/web/src/features/documents/**/*.{ts,tsx}'], paths: [FAMILY_IMPORTS, SHOWN_MESSAGE_IMPORT] },
  ].map(({ files, paths }) => ({
    files,
    ignores: [
      'apps/server/src/seed/**',
      'apps/server/src/db/migrations/**',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/^(${FAMILY_NAMES})\\+?$/]`, message: FAMILY_MESSAGE },
        { selector: `TemplateElement[value.raw=/^(${FAMILY_NAMES})\\+?$/]`, message: FAMILY_MESSAGE },
      ],
      'no-restricted-imports': ['error', { paths }],
    },
  })),
  {
    // No web code names a family or a lite family's module ('DISPATCH+'): its pages, titles, tile and drawing are
    // its registry entry's (decision 0086). Tests may name the families they check; the client generated from the
    // server's OpenAPI document (lib/api/schema.ts) writes the document types as the server's contract lists them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/lib/api/schema.ts', 'apps/web/src/i18n/compiled/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/^(${FAMILY_NAMES})\\+?$/]`, message: FAMILY_MESSAGE },
        { selector: `TemplateElement[value.raw=/^(${FAMILY_NAMES})\\+?$/]`, message: FAMILY_MESSAGE },
      ],
    },
  },
  // The web's API types are generated from the server's OpenAPI document (decision 0087): not linted.
  { ignores: ['apps/web/src/lib/api/schema.ts'] },
  {
    // The web calls the API through its typed client (decision 0087): an API path is written only as the path
    // of a call (`api.get('/api/me')`, `apiUrl(...)`), where TypeScript checks it against the generated
    // document, or as a type. A rule of its own, so as not to replace the family rule's no-restricted-syntax.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: {
      web: {
        rules: {
          'typed-api-paths': {
            meta: { type: 'problem', schema: [] },
            create(context) {
              const CALLS = new Set(['get', 'post', 'put', 'patch', 'delete', 'apiUrl']);
              const check = (node, text) => {
                if (typeof text !== 'string' || !text.startsWith('/api/')) return;
                const { parent } = node;
                if (parent.type === 'TSLiteralType') return;
                const callee = parent.type === 'CallExpression' && parent.arguments[0] === node ? parent.callee : undefined;
                const name = callee?.type === 'MemberExpression' ? callee.property.name : callee?.name;
                if (CALLS.has(name)) return;
                context.report({
                  node,
                  message: 'Call the API through the typed client: api.get/post/put/patch(path, …) or apiUrl(path, …).',
                });
              };
              return {
                Literal: (node) => check(node, node.value),
                TemplateLiteral: (node) => check(node, node.quasis[0].value.cooked),
              };
            },
          },
        },
      },
    },
    rules: { 'web/typed-api-paths': 'error' },
  },
);
