import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import type { Registry } from '@pharma/domain';
import { DocumentBody, MaterialBody } from '@pharma/domain/contract/inventory';
import { EpcisEventsQuery, MovementEventsDocument } from '@pharma/domain/contract/epcis';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { EpcisService } from './epcis.service.ts';
import type { IntakeService } from './intake.service.ts';
import { bodyTooLarge, parseJsonBody } from './json-body.ts';
import type { MovementsService } from './movements.service.ts';

const integration = { requirement: { right: 'INTEGRATION' } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const Created = z.object({ created: z.boolean() });
/**
 * The largest EPCIS document taken (decisions 0043, 0082): a million EPCs fit, as SGTIN URNs or GS1
 * Digital Link URIs with serials of up to 20 characters (about 63 MB in the longer form).
 */
const EPCIS_BODY_LIMIT = 64 * 1024 * 1024;

/** The ERP and supplier side: bearer token of a user with the INTEGRATION right. */
const EpcisResult = z.object({
  events: z.number(),
  applied: z.number(),
  ignored: z.number(),
  duplicates: z.number(),
  unitsCreated: z.number(),
  aggregated: z.number(),
  linked: z.number(),
});
const IntakeJob = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  events: z.number(),
  processed: z.number(),
  epcs: z.number(),
  epcsProcessed: z.number(),
  stage: z.enum(['validating', 'applying']).optional(),
  result: EpcisResult.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export function integrationRoutes(
  app: ZodApp,
  intake: IntakeService,
  /** EPCIS intake: none when the registry has no `noticeFamily`, and then its paths do not exist. */
  epcis: EpcisService | undefined,
  movements: MovementsService,
  registry: Registry,
): void {
  app.put('/api/integration/materials/:materialNo', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'Create or update a material',
      params: z.object({ materialNo: z.string().regex(/^[A-Za-z0-9]{8}$/, 'exactly 8 alphanumeric characters') }),
      body: MaterialBody,
      response: { 200: Created, ...errors },
    },
    handler: async (request) => intake.putMaterial(request.principal!.user.id, request.params.materialNo, request.body),
  });

  app.put('/api/integration/documents/:type/:number', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'Create or update a document of any type; a Completed document refuses changes (409)',
      // The types of the registry the server runs (decision 0085): another is refused here (400).
      params: z.object({ type: z.enum(registry.erpDocumentTypes), number: z.string().regex(/^[A-Za-z0-9\-/.]{1,40}$/) }),
      body: DocumentBody,
      response: { 200: Created, ...errors },
    },
    handler: async (request) => intake.putDocument(request.principal!.user.id, request.params.type, request.params.number, request.body),
  });

  // A notice's intake, when the registry has a family whose units a notice announces (decision 0085).
  if (epcis) epcisIntakeRoutes(app, epcis);

  app.get('/api/integration/epcis/events', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'Every completed movement as EPCIS 2.0 ObjectEvents: an EPCISDocument, oldest event first',
      description:
        "One ObjectEvent (action OBSERVE) per completed document: the SSCCs and SGTINs it moved, the family's CBV " +
        'business step and disposition, the warehouse SGLN as readPoint (and bizLocation where the goods stay), the ' +
        'document as business transaction `urn:epcglobal:cbv:bt:<warehouse GLN>:<document number>`. The eventID is ' +
        'the CBV 2.0 event hash ID. A batch put on hold, recalled or released (decision 0073): per warehouse holding ' +
        'its packs, one ObjectEvent (action OBSERVE) of those SGTINs and the SSCCs of the pallets and cartons holding ' +
        'them, business step `holding`, disposition `non_sellable_other` (on hold), `recalled` or `sellable_not_accessible` ' +
        '(released), no business transaction; a query naming `docType` or `docNo` leaves these out. Filters combine; ' +
        '`from` is inclusive and `to` exclusive (EPCIS GE_eventTime, ' +
        "LT_eventTime). The answer validates against GS1's EPCIS 2.0 JSON Schema.",
      // The document types of the registry the server runs (decision 0085): another is refused (400).
      querystring: EpcisEventsQuery.extend({ docType: z.enum(registry.documentTypes).optional() }),
      response: { 200: MovementEventsDocument, ...errors },
    },
    handler: async (request, reply) => {
      reply.headers({ 'GS1-EPCIS-Version': '2.0.0', 'GS1-CBV-Version': '2.0.0', 'GS1-EPC-Format': 'Always_EPC_URN' });
      return movements.events(request.query);
    },
  });
}

/**
 * The EPCIS upload and its jobs' polls. The upload sits in a scope of its own: its JSON body is parsed a
 * piece at a time (decision 0052).
 */
function epcisIntakeRoutes(app: ZodApp, epcis: EpcisService): void {
  void app.register(async (scope: ZodApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const limit = request.routeOptions.bodyLimit ?? EPCIS_BODY_LIMIT;
      // Refused before a byte is read when the client says how long the body is, as Fastify's own parser does.
      if (Number(request.headers['content-length'] ?? 0) > limit) throw bodyTooLarge(limit);
      return parseJsonBody(payload as AsyncIterable<Buffer>, { limit });
    });
    scope.post('/api/integration/epcis', {
      config: integration,
      bodyLimit: EPCIS_BODY_LIMIT,
      schema: {
        tags: ['integration'],
        summary: 'An EPCIS 2.0 JSON-LD EPCISDocument (advance shipping notice): commissioning and aggregation; desadv links to an IBD',
        body: z.record(z.string(), z.unknown()),
        description:
          'Lots, expiries and serials are GS1 values (AI 10 and 21: at most 20 characters of GS1 character set 82; ' +
          'itemExpirationDate a real YYYY-MM-DD): a document breaking one is refused whole, naming the event and the field. ' +
          'A unit of one warehouse is never linked or aggregated into another (decision 0056). ' +
          'A document of at most EPCIS_JOB_EVENTS events (default 100) and EPCIS_JOB_EPCS EPCs in epcList and childEPCs ' +
          '(default 1,000) is applied at once, all or nothing (200). A larger ' +
          'one is answered 202 with a job to poll at the Location given: it is validated whole first (a malformed ' +
          'document changes nothing), then applied EPCIS_CHUNK_EVENTS EPCs (an event of none counting one; default 100) per transaction, ' +
          'an event of more EPCs in parts, while scanning goes on (decision 0082). While it runs, the job says its stage ' +
          '(validating, then applying) and how many of its events and EPCs the stage has done. A job that fails keeps the chunks applied before the failing event; sending the document ' +
          'again applies only the events not yet received. Jobs are kept in the database: any instance answers the poll, and ' +
          'a job whose server stopped ends failed (EPCIS_JOB_INTERRUPTED), to be sent again. Bodies up to 64 MiB (a million EPCs), parsed a piece at a time.',
        response: { 200: EpcisResult, 202: IntakeJob, ...errors, 503: ErrorBody },
      },
      handler: async (request, reply) => {
        const answer = await epcis.receive(request.principal!.user.id, request.body);
        if ('result' in answer) return answer.result;
        return reply.code(202).header('location', `/api/integration/epcis/jobs/${answer.job.id}`).send(answer.job);
      },
    });
  });

  app.get('/api/integration/epcis/jobs/:id', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'A large EPCIS intake: running, done (with its counts) or failed (with the reason)',
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: IntakeJob, ...errors },
    },
    handler: async (request) => epcis.job(request.params.id),
  });
}
