import { APP_VERSION } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { HealthResponse } from '@pharma/domain/contract/health';
import type { ZodApp } from '../../lib/zod-app.ts';
import { databaseAnswers, type DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

export function healthRoutes(app: ZodApp, database: DatabaseHandle): void {
  app.get('/api/health', {
    config: { requirement: { public: true } },
    schema: { tags: ['system'], summary: 'Liveness with a database check', response: { 200: HealthResponse, 503: ErrorBody } },
    handler: async () => {
      if (!(await databaseAnswers(database.db))) throw new AppError(503, 'DATABASE_UNAVAILABLE');
      return { status: 'ok' as const, database: database.kind, version: APP_VERSION };
    },
  });
}
