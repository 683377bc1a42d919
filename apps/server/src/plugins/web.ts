import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { message } from '@pharma/domain';
import { body } from './errors.ts';
import { isGuardedPath } from './auth.ts';
import { localeOf } from './language.ts';

const NO_CACHE = new Set(['sw.js', 'index.html', 'manifest.webmanifest']);

/**
 * Paths that name a file of the build, never a page: a missing one is a 404, not the shell (a script
 * answered with HTML fails obscurely, and a cache would keep the HTML under the script's name).
 */
const FILE_PATH = /^\/assets\/|\.(?:m?js|css|map|wasm)$/;

/**
 * Serves the built web app. Unknown /api paths and missing files answer 404 JSON; any other unknown
 * path gets index.html so the browser's router can show the page (or its own not-found page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as the client accepts.
      preCompressed: true,
      // The service worker and the shell are checked on every load, so a new version is found (decision 0009).
      setHeaders: (reply, path) => {
        if (NO_CACHE.has(basename(path).replace(/\.(br|gz)$/, ''))) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isGuardedPath(request.url) || FILE_PATH.test(request.url.split('?')[0]!) || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send(body('NOT_FOUND', message('NOT_FOUND', {}, localeOf(request))));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
