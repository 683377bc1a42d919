#!/usr/bin/env node
// Compiles the server to JavaScript for `npm start` and production (decision 0084): esbuild bundles
// apps/server/src/main.ts and each worker thread's module, with the workspace packages' TypeScript, into
// one folder (apps/server/dist, or the folder given), each with a source map; npm packages stay imports,
// loaded from node_modules at run time (better-sqlite3 and @node-rs/argon2 are native, pg optional).
// Run it with `node --enable-source-maps <dist>/main.js`, so a stack trace names the TypeScript line.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'apps/server/src');
const outdir = resolve(process.argv[2] ?? join(root, 'apps/server/dist'));

/**
 * Every module a worker thread runs. In the bundle `new URL('./batch-worker.ts', import.meta.url)`
 * resolves against main.js, so each worker is an entry named by its file at the folder's top, and
 * lib/ts-worker.ts starts the `.js` of that name.
 */
const WORKERS = ['api/batches/batch-worker.ts', 'api/reports/report-worker.ts'];
/** Files the server reads or starts by their path beside its module, copied to the same path beside main.js. */
const FILES = { 'db/checkpointer.mjs': 'checkpointer.mjs', 'api/integration/epcis/EPCIS-JSON-Schema.json': 'epcis/EPCIS-JSON-Schema.json' };
/** Loaded only when the server runs from its TypeScript (tsx in a worker): the compiled worker needs no shim. */
const SOURCE_ONLY = new Set(['./ts-worker.mjs']);

/** npm packages stay `import`s; the workspace's own packages are TypeScript source and are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pharma/') ? undefined : { external: true }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(['main.ts', ...WORKERS].map((file) => [file.split('/').pop().replace(/\.ts$/, ''), join(server, file)])),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // The source files are in the checkout beside the build: the maps name them, they need not carry them.
  sourcesContent: false,
  // Names as written (Fastify names a plugin by its function, the log an error by its class): bundling renames clashes.
  keepNames: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
for (const [from, to] of Object.entries(FILES)) {
  mkdirSync(dirname(join(outdir, to)), { recursive: true });
  copyFileSync(join(server, from), join(outdir, to));
}
checkPathsResolve();

/**
 * Fails the build when the bundle names a file by its path (`new URL('./x', import.meta.url)`: a worker,
 * a schema) that is not beside main.js, so a file added to the server without a line above is found here,
 * not by the first request that needs it in production.
 */
function checkPathsResolve() {
  const missing = [];
  for (const name of readdirSync(outdir).filter((n) => n.endsWith('.js'))) {
    const code = readFileSync(join(outdir, name), 'utf8');
    for (const [, path] of code.matchAll(/new URL\("(\.\.?\/[^"]+)", import\.meta\.url\)/g)) {
      if (!SOURCE_ONLY.has(path) && !existsSync(join(outdir, path.replace(/\.ts$/, '.js')))) missing.push(`${path} (in ${name})`);
    }
  }
  if (missing.length > 0) {
    throw new Error(`The compiled server names files its build did not write: ${missing.join(', ')}. Add them to WORKERS or FILES.`);
  }
}
