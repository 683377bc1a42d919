/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** A compiled catalogue of a language other than English (the domain's or the web's), and its language. */
const LANGUAGE_MODULE = /\/i18n\/compiled\/(?!en\.ts)([\w-]+)\.ts$/;

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
 * file to precache (source maps and languages' catalogue chunks aside), those chunks by language, and a version derived from that list and index.html:
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
      // A language's catalogues (the domain's messages, the web's texts, decision 0092) are chunks fetched only
      // when it is shown: not precached, but kept once fetched (and again in the next version) for offline use.
      const onDemand: Record<string, string> = {};
      for (const [name, item] of Object.entries(bundle)) {
        const language =
          item.type === 'chunk' && item.moduleIds.length > 0
            ? item.moduleIds.map((id) => LANGUAGE_MODULE.exec(id.split(sep).join('/'))?.[1]).find(Boolean)
            : undefined;
        if (language) onDemand[`/${name}`] = language;
      }
      const files = [...new Set([...Object.keys(bundle), ...publicFiles])]
        .filter((name) => !name.endsWith('.map') && name !== 'sw.js' && !onDemand[`/${name}`])
        .sort();
      const urls = files.map((name) => `/${name}`);
      const hash = createHash('sha256').update(urls.join('\n')).update(JSON.stringify(onDemand));
      try {
        hash.update(readFileSync(join(outDir, 'index.html')));
      } catch {
        // No index.html: the version is the file list alone.
      }
      const version = hash.digest('hex').slice(0, 12);
      const template = readFileSync(join(config.root, 'pwa', 'service-worker.js'), 'utf8');
      const source = template
        .replace("const VERSION = '__VERSION__';", `const VERSION = ${JSON.stringify(version)};`)
        .replace('const PRECACHE = __PRECACHE__;', `const PRECACHE = ${JSON.stringify(urls, null, 2)};`)
        .replace('const ON_DEMAND = __ON_DEMAND__;', `const ON_DEMAND = ${JSON.stringify(onDemand, null, 2)};`);
      if (source.includes('= __PRECACHE__') || source.includes('= __ON_DEMAND__') || source.includes("'__VERSION__'"))
        throw new Error('pwa/service-worker.js: placeholders not found');
      writeFileSync(join(outDir, 'sw.js'), source);
    },
  };
}
