import { ErrorBody } from '@pharma/domain/contract/common';
import { RegisterErrorBody, RegisterRequest, RegisterResponse } from '@pharma/domain/contract/register';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { RegisterService } from './register.service.ts';
import { isoToday } from '../../lib/today.ts';
import { localeOf } from '../../plugins/language.ts';

export function registerRoutes(app: ZodApp, service: RegisterService): void {
  app.post('/api/register', {
    config: { requirement: { public: true } },
    schema: {
      tags: ['auth'],
      summary:
        'Request an account: it has no area or permission until an admin grants them. The same answer whether or not the email has an account; 10 an hour per address',
      body: RegisterRequest,
      response: { 201: RegisterResponse, 400: RegisterErrorBody, 422: RegisterErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      const result = await service.register(request.body, isoToday(), request.ip, localeOf(request));
      if (!result.ok) return reply.code(422).send(result.error);
      return reply.code(201).send(result.user);
    },
  });
}
