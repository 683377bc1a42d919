import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { message } from '@pharma/domain';
import type { ErrorBody } from '@pharma/domain/contract/common';
import { AppError } from '../lib/errors.ts';
import { localeOf } from './language.ts';

/**
 * One error handler: every refusal is `{ code, message }` with its status, the message in the request's
 * language (`localeOf`; the code never changes with it); a 5xx hides its details (logged, never sent).
 * No stack trace or SQL reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(body(error.code, error.textIn(locale)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((v) => `${v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext}: ${v.message}`)
        .join('; ');
      return reply.code(400).send(body('BAD_REQUEST', message('BAD_REQUEST', { detail }, locale)));
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      const detail = error instanceof Error ? error.message : 'bad request';
      return reply.code(status).send(body('BAD_REQUEST', message('BAD_REQUEST', { detail }, locale)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('SOMETHING_WENT_WRONG', message('SOMETHING_WENT_WRONG', {}, locale)));
  });
}

export function body(code: string, text: string): ErrorBody {
  return { code, message: text };
}
