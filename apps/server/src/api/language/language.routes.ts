import { ErrorBody } from '@pharma/domain/contract/common';
import { UserLanguage } from '@pharma/domain/contract/auth';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { LanguageService } from './language.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** The signed-in user's own language (issue 33, decision 0090): any signed-in user, for themselves only. */
export function languageRoutes(app: ZodApp, service: LanguageService): void {
  app.get('/api/me/language', {
    config: { requirement: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary: "The signed-in user's language for the product's messages (null: the request's Accept-Language decides)",
      response: { 200: UserLanguage, ...errors },
    },
    handler: async (request) => service.get(request.principal!.user.id),
  });

  app.put('/api/me/language', {
    config: { requirement: { signedIn: true } },
    schema: {
      tags: ['auth'],
      summary:
        "Set the signed-in user's language for the product's messages (en, zh-Hans or ms; null for none): every answer's message follows it, the error codes do not change",
      body: UserLanguage,
      response: { 200: UserLanguage, ...errors },
    },
    handler: async (request) => service.set(request.principal!.user.id, request.body.language),
  });
}
