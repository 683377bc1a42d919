import { z } from 'zod';
import { TOOL_NEEDS } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  AuditPrintRequest,
  CompleteRepackRequest,
  CompleteRepackResponse,
  RemapRequest,
  RemapResponse,
  AuditPrintResponse,
  CreatePalletRequest,
  GenerateSsccRequest,
  PrintedPackResponse,
  PrintedResponse,
  PrintersResponse,
  PrintLabelRequest,
  PrintPackLabelRequest,
  SsccResponse,
  WarehouseSetupBody,
  WarehouseSetupResponse,
} from '@pharma/domain/contract/labels';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { LabelsService } from './labels.service.ts';
import type { RepackService } from '../repack/repack.service.ts';
import type { SsccService } from './sscc.service.ts';
import { callerOf, neededInArea } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody };
/** What each path needs (decision 0057), in the area of the call (`?area=RDC|LDC`). */
const print = neededInArea(TOOL_NEEDS.print);
const newSscc = neededInArea(TOOL_NEEDS.newSscc);

/** SSCC allocation and pallets made by repacking (issue 18). */
export function labelsRoutes(
  app: ZodApp,
  sscc: SsccService,
  labels: LabelsService,
  /**
   * The repack's service: none when the registry has no aggregating family (decision 0085), and then the
   * paths of the repack (createPallet, remapHU, completeRepack) do not exist.
   */
  repack: RepackService | undefined,
): void {
  app.put('/api/integration/warehouses/:warehouseNo', {
    config: { requirement: { right: 'INTEGRATION' } },
    schema: {
      tags: ['integration'],
      summary:
        "A warehouse's SSCC issuer (GS1 Company Prefix, extension digit), its network label printers and its national verification system (NMVS or VRS)",
      description:
        '`verification` left out keeps the system set; null removes it. Its `secret` (NMVS password, VRS token) is sealed at rest and ' +
        'never answered nor logged; left out it stays, null removes it. So is the NMVS client certificate (`certificate`: PEM `chain`, ' +
        '`privateKey`, `serverCa`), checked on input (400 naming what is wrong); the answer says its subject, issuer, serial number and expiry.',
      params: z.object({ warehouseNo: z.string().min(1).max(20) }),
      body: WarehouseSetupBody,
      response: { 200: WarehouseSetupResponse, ...errors },
    },
    handler: async (request) => sscc.setup(request.principal!.user.id, request.params.warehouseNo, request.body),
  });

  // A new SSCC is the repack's (its action is the aggregating family's module, TOOL_NEEDS.newSscc): made only
  // where the registry has an aggregating family, as createPallet (decision 0085).
  if (repack)
    app.post('/api/generateSSCC', {
      config: newSscc,
      schema: {
        tags: ['labels'],
        summary: 'A new SSCC of the warehouse: extension digit, company prefix, next serial reference, check digit (GS1 GenSpecs 2.2.1)',
        querystring: AreaQuery,
        body: GenerateSsccRequest,
        response: { 200: SsccResponse, ...errors },
      },
      handler: async (request) => sscc.generate(callerOf(request), request.body.warehouseNo),
    });

  // A new pallet or carton is the destination of its first repack: made only where the registry has an aggregating family.
  if (repack)
    app.post('/api/createPallet', {
      config: newSscc,
      schema: {
        tags: ['labels'],
        summary: 'A new empty pallet (PLT) or carton (CTN) with a new SSCC, REPACK_PENDING until its repack is completed',
        querystring: AreaQuery,
        body: CreatePalletRequest,
        response: { 200: SsccResponse, ...errors },
      },
      handler: async (request) => sscc.createPallet(callerOf(request), request.body),
    });

  app.post('/api/printLabel', {
    config: print,
    schema: {
      tags: ['labels'],
      summary:
        'The GS1 logistic label of an SSCC: ZPL II (text/plain, 203 or 300 dpi), PDF (application/pdf), or 202 once sent to a printer',
      description:
        "Any pallet or carton of the area. With `printer` (a printer of the unit's warehouse, set by the integration API) the ZPL is " +
        'sent over raw TCP and the answer is 202. Every print is recorded and audited; a label printed before is a copy and says COPY.',
      querystring: AreaQuery,
      body: PrintLabelRequest,
      // 200: the ZPL (text/plain) or the PDF (application/pdf) itself.
      response: { 200: z.any().meta({ description: 'ZPL II as text/plain, or application/pdf' }), 202: PrintedResponse, ...errors },
    },
    handler: async (request, reply) => {
      const out = await labels.print(callerOf(request), request.body);
      if (out.kind === 'sent') return reply.code(202).send({ sscc: out.sscc, printer: out.printer, copy: out.copy });
      return reply
        .type(out.contentType)
        .header('content-disposition', `attachment; filename="${out.fileName}"`)
        .send(typeof out.body === 'string' ? out.body : Buffer.from(out.body));
    },
  });

  app.post('/api/printPackLabel', {
    config: print,
    schema: {
      tags: ['labels'],
      summary:
        'The label of a serialised pack of the area (its raw scan): GS1 DataMatrix (01)(17)(10)(21), as ZPL II or PDF, or 202 once sent to a printer',
      querystring: AreaQuery,
      body: PrintPackLabelRequest,
      response: {
        200: z.any().meta({ description: 'ZPL II as text/plain, or application/pdf' }),
        202: PrintedPackResponse,
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const out = await labels.printPack(callerOf(request), request.body);
      if (out.kind === 'sentPack') return reply.code(202).send({ id: out.id, printer: out.printer, copy: out.copy });
      return reply
        .type(out.contentType)
        .header('content-disposition', `attachment; filename="${out.fileName}"`)
        .send(typeof out.body === 'string' ? out.body : Buffer.from(out.body));
    },
  });

  app.post('/api/auditPrint', {
    config: print,
    schema: {
      tags: ['labels'],
      summary:
        'Records a print the client made itself (a downloaded label printed from the browser): who, what, which printer, copy or not',
      querystring: AreaQuery,
      body: AuditPrintRequest,
      response: { 200: AuditPrintResponse, ...errors },
    },
    handler: async (request) => labels.auditPrint(callerOf(request), request.body),
  });

  app.get('/api/labelPrinters', {
    config: print,
    schema: {
      tags: ['labels'],
      summary: "The network label printers of the area's warehouses",
      querystring: AreaQuery,
      response: { 200: PrintersResponse, ...errors },
    },
    handler: async (request) => ({ data: await labels.printers(request.query.area) }),
  });

  if (repack) repackLabelRoutes(app, repack);
}

/** The moves of a pallet or carton made by createPallet, and its repack's end (issue 18, decision 0048). */
function repackLabelRoutes(app: ZodApp, repack: RepackService): void {
  app.post('/api/remapHU', {
    config: neededInArea(TOOL_NEEDS.repackMove),
    schema: {
      tags: ['repack'],
      summary:
        'Moves the scanned unit (raw scan) onto the pallet or carton whose SSCC is `to`, or off its parent (`to: null`); its packs move with it',
      querystring: AreaQuery,
      body: RemapRequest,
      response: { 200: RemapResponse, ...errors },
    },
    handler: async (request) => repack.remap(callerOf(request), request.body),
  });

  app.post('/api/completeRepack', {
    config: neededInArea(TOOL_NEEDS.repackComplete),
    schema: {
      tags: ['repack'],
      summary: "Ends the repack of a pallet or carton made by createPallet: REPACK_COMPLETE ('Repacking completed successfully!')",
      querystring: AreaQuery,
      body: CompleteRepackRequest,
      response: { 200: CompleteRepackResponse, ...errors },
    },
    handler: async (request) => repack.complete(callerOf(request), request.body.sscc),
  });
}
