import { APP_VERSION } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { HealthResponse, ReadyResponse } from '@pharma/domain/contract/health';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { HealthService } from './health.service.ts';

/** Set when the instance is shutting down: /api/ready answers 503 so the proxy stops sending it requests. */
export interface Readiness {
  draining: boolean;
}

export function healthRoutes(app: ZodApp, database: DatabaseHandle, readiness: Readiness = { draining: false }): void {
  const health = new HealthService(database);
  app.get('/api/health', {
    config: { requirement: { public: true } },
    schema: { tags: ['system'], summary: 'Liveness with a database check', response: { 200: HealthResponse, 503: ErrorBody } },
    handler: async () => {
      if (!(await health.answers())) throw new AppError(503, 'DATABASE_UNAVAILABLE');
      return { status: 'ok' as const, database: health.kind, version: APP_VERSION };
    },
  });

  app.get('/api/ready', {
    config: { requirement: { public: true } },
    schema: {
      tags: ['system'],
      summary: 'Readiness for a load balancer: the database answers, every migration of this version is applied, not shutting down',
      response: { 200: ReadyResponse, 503: ErrorBody },
    },
    handler: async () => {
      if (readiness.draining) throw new AppError(503, 'SERVER_NOT_READY', { reason: 'it is shutting down' });
      let pending: string[];
      try {
        pending = await health.pendingMigrations();
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE');
      }
      if (pending.length > 0) throw new AppError(503, 'SERVER_NOT_READY', { reason: `migrations not applied: ${pending.join(', ')}` });
      return { status: 'ready' as const, migrations: health.migrations() };
    },
  });
}
