import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery, DocumentDetails, ListQuery, ListResponse } from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { DocumentsService } from './documents.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Receiving: the IBD list and details of either area. */
export function documentsRoutes(app: ZodApp, service: DocumentsService): void {
  app.get('/api/ibdList', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', feature: 'List' }, areaParam: true },
    schema: {
      tags: ['receive'],
      summary: 'Inbound deliveries of an area (?area=RDC|LDC), 20 a page',
      querystring: ListQuery,
      response: { 200: ListResponse, ...errors },
    },
    handler: async (request) => service.list('IBD', request.query.area ?? 'RDC', request.query),
  });

  app.get('/api/ibdNo/:ibdNo', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', feature: 'DetailsPage' }, areaParam: true },
    schema: {
      tags: ['receive'],
      summary: 'An inbound delivery with its lines',
      params: z.object({ ibdNo: z.string().min(1).max(40) }),
      querystring: AreaQuery,
      response: { 200: DocumentDetails, ...errors },
    },
    handler: async (request) => service.details('IBD', request.params.ibdNo, request.query.area),
  });
}
