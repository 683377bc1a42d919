/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  } catch {
    return [];
  }
}

/**
 * Writes dist/sw.js from pwa/service-worker.js after the build, with the list of every built
 * file to precache (source maps aside) and a version derived from that list and index.html:
 * a new build is a new service worker (decision 0009).
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pharma-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      const outDir = resolve(config.root, config.build.outDir);
      const publicFiles = config.publicDir
        ? filesUnder(config.publicDir).map((file) => relative(config.publicDir, file).split(sep).join('/'))
        : [];
      const files = [...new Set([...Object.keys(bundle), ...publicFiles])]
        .filter((name) => !name.endsWith('.map') && name !== 'sw.js')
        .sort();
      const urls = files.map((name) => `/${name}`);
      const hash = createHash('sha256').update(urls.join('\n'));
      try {
        hash.update(readFileSync(join(outDir, 'index.html')));
      } catch {
        // No index.html: the version is the file list alone.
      }
      const version = hash.digest('hex').slice(0, 12);
      const template = readFileSync(join(config.root, 'pwa', 'service-worker.js'), 'utf8');
      const source = template
        .replace("const VERSION = '__VERSION__';", `const VERSION = ${JSON.stringify(version)};`)
        .replace('const PRECACHE = __PRECACHE__;', `const PRECACHE = ${JSON.stringify(urls, null, 2)};`);
      if (source.includes('= __PRECACHE__') || source.includes("'__VERSION__'"))
        throw new Error('pwa/service-worker.js: placeholders not found');
      writeFileSync(join(outDir, 'sw.js'), source);
    },
  };
}
