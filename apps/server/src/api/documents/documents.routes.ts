import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { DocumentDetails, ListQuery, ListResponse } from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../app.ts';
import type { DocumentsService } from './documents.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Regional receiving: the IBD list and details. */
export function documentsRoutes(app: ZodApp, service: DocumentsService): void {
  app.get('/api/ibdList', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', feature: 'List' } },
    schema: { tags: ['receive'], summary: 'Inbound deliveries of the regional area, 20 a page', querystring: ListQuery, response: { 200: ListResponse, ...errors } },
    handler: async (request) => service.list('IBD', 'RDC', request.query),
  });

  app.get('/api/ibdNo/:ibdNo', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', feature: 'DetailsPage' } },
    schema: { tags: ['receive'], summary: 'An inbound delivery with its lines', params: z.object({ ibdNo: z.string().min(1).max(40) }), response: { 200: DocumentDetails, ...errors } },
    handler: async (request) => service.details('IBD', request.params.ibdNo),
  });
}
