import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { message } from '@pharma/domain';
import { body } from './errors.ts';
import { isGuardedPath } from './auth.ts';

/**
 * Serves the built web app. Unknown /api paths answer 404 JSON; any other unknown path gets
 * index.html so the browser's router can show the page (or its own not-found page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isGuardedPath(request.url) || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send(body('NOT_FOUND', message('NOT_FOUND')));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
