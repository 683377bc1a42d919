import { z } from 'zod';
import type { Registry } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery, DocumentDetails, ListQuery, ListResponse } from '@pharma/domain/contract/inventory';
import { AppError } from '../../lib/errors.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { DocumentsService } from './documents.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Each family's list and details, in either area (`?area=RDC|LDC`), behind the family's module. */
export function documentsRoutes(app: ZodApp, service: DocumentsService, registry: Registry): void {
  for (const family of registry.families) {
    // A family that changes aggregation (decision 0048): its own service answers its details; its list
    // path is refused clearly, naming the paths that run its documents.
    if (family.aggregates) {
      const own = { type: family.type, scanPath: family.aggregates.scanPath, completePath: family.aggregates.completePath };
      app.get(family.api.list, {
        config: { requirement: { application: 'RDC', module: family.module, feature: 'List' }, areaParam: true },
        schema: {
          tags: ['documents'],
          summary: `${family.type} documents have no list: refused (FAMILY_OWN_PATHS), see ${family.api.details}`,
          querystring: ListQuery,
          response: { 200: ListResponse, ...errors, 422: ErrorBody },
        },
        handler: async () => {
          throw new AppError(422, 'FAMILY_OWN_PATHS', own);
        },
      });
      continue;
    }
    const param = family.api.details.split('/').pop()!;
    app.get(family.api.list, {
      config: { requirement: { application: 'RDC', module: family.module, feature: 'List' }, areaParam: true },
      schema: {
        tags: ['documents'],
        summary: `${family.type} documents of an area (?area=RDC|LDC), 20 a page`,
        querystring: ListQuery,
        response: { 200: ListResponse, ...errors },
      },
      handler: async (request) => service.list(family.type, request.query.area ?? 'RDC', request.query),
    });
    // A stock take's details are its variance, answered by its own service (decision 0079).
    if (family.stockTake) continue;

    app.get(`${family.api.details}/:${param}`, {
      config: { requirement: { application: 'RDC', module: family.module, feature: 'DetailsPage' }, areaParam: true },
      schema: {
        tags: ['documents'],
        summary: `A ${family.type} document with its lines and every unit scanned on them`,
        params: z.object({ [param]: z.string().min(1).max(40) }),
        querystring: AreaQuery,
        response: { 200: DocumentDetails, ...errors },
      },
      handler: async (request) =>
        service.details(family.type, String((request.params as Record<string, string>)[param]), request.query.area),
    });
  }
}
