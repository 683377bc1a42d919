import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { createRegistry, FAMILIES, LITE_FAMILIES, type FamilyEntry, type LiteFamilyEntry } from '@pharma/domain';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { startAuditSealer } from './db/audit.ts';
import { createTransactor } from './db/transactor.ts';
import { AuthService } from './api/auth/auth.service.ts';
import { authRoutes } from './api/auth/auth.routes.ts';
import { languageRoutes } from './api/language/language.routes.ts';
import { LanguageService } from './api/language/language.service.ts';
import { AdminService } from './api/admin/admin.service.ts';
import { adminRoutes } from './api/admin/admin.routes.ts';
import { RegisterService } from './api/register/register.service.ts';
import { registerRoutes } from './api/register/register.routes.ts';
import { DocumentsService } from './api/documents/documents.service.ts';
import { documentsRoutes } from './api/documents/documents.routes.ts';
import { EpcisService } from './api/integration/epcis.service.ts';
import { IntakeService } from './api/integration/intake.service.ts';
import { integrationRoutes } from './api/integration/integration.routes.ts';
import { readersRoutes } from './api/readers/readers.routes.ts';
import { ReaderSettingsService } from './api/readers/readers.service.ts';
import { MovementsService } from './api/integration/movements.service.ts';
import { referenceRoutes } from './api/reference/reference.routes.ts';
import { ReferenceService } from './api/reference/reference.service.ts';
import { CompleteService } from './api/scans/complete.service.ts';
import { CountService } from './api/scans/counts.service.ts';
import { ScanService } from './api/scans/scans.service.ts';
import { ReopenService } from './api/scans/reopen.service.ts';
import { RedressService } from './api/redress/redress.service.ts';
import { redressRoutes } from './api/redress/redress.routes.ts';
import { reopenRoutes } from './api/scans/reopen.routes.ts';
import { scansRoutes } from './api/scans/scans.routes.ts';
import { stockTakesRoutes } from './api/stock-takes/stock-takes.routes.ts';
import { StockTakeService } from './api/stock-takes/stock-takes.service.ts';
import { UnitsService } from './api/units/units.service.ts';
import { labelsRoutes } from './api/labels/labels.routes.ts';
import { LabelsService } from './api/labels/labels.service.ts';
import { repackRoutes } from './api/repack/repack.routes.ts';
import { RepackService } from './api/repack/repack.service.ts';
import { SsccService } from './api/labels/sscc.service.ts';
import { unitsRoutes } from './api/units/units.routes.ts';
import { verificationRoutes } from './api/verification/verification.routes.ts';
import { VerificationService } from './api/verification/verification.service.ts';
import { DEFAULT_OUTBOX } from './api/verification/outbox.ts';
import { ScanVerification } from './api/verification/scan-verification.ts';
import { DocumentDecommission } from './api/verification/document-decommission.ts';
import { startDemoVerification } from './seed/demo-verification.ts';
import { batchesRoutes } from './api/batches/batches.routes.ts';
import { BatchesService } from './api/batches/batches.service.ts';
import { BatchWork } from './api/batches/batch-work.ts';
import { reportFacts } from './api/reports/report-facts.ts';
import { ReportWork } from './api/reports/report-work.ts';
import { reportsRoutes } from './api/reports/reports.routes.ts';
import { liteRoutes } from './api/lite/lite.routes.ts';
import { LiteService } from './api/lite/lite.service.ts';
import { healthRoutes, type Readiness } from './api/health/health.routes.ts';
import { oidcRoutes } from './api/oidc/oidc.routes.ts';
import { OidcService } from './api/oidc/oidc.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loadLanguages } from './plugins/language.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { validatorCompiler } from './plugins/validation.ts';
import type { ZodApp } from './lib/zod-app.ts';
import { requestSerializer } from './lib/log-redact.ts';
import { startLimitCleanup } from './lib/rate-limit.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (default stdout): tests read it. */
  logStream?: { write(line: string): void };
  /** main.ts sets `draining` on SIGTERM: GET /api/ready answers 503 while requests in flight finish. */
  readiness?: Readiness;
  /**
   * main.ts: with the demo data (config.seedDemo), the demo's NMVS and VRS simulators run in this process
   * and close with the app (issue 28, seed/demo-verification.ts). Test apps leave it out: they run
   * simulators of their own, and many of them at once could not share the demo's ports.
   */
  demoSimulators?: boolean;
  /**
   * The families the server runs (decision 0085): the default registry's unless given (a test adds a
   * family of its own). Every service, route and the permission hook read this registry.
   */
  families?: { full: readonly FamilyEntry[]; lite?: readonly LiteFamilyEntry[] };
}

/** The app factory: one Fastify instance serving /api, /auth and the built web app. */
export async function buildApp({ config, database, logStream, readiness, demoSimulators, families }: AppDeps): Promise<ZodApp> {
  const registry = createRegistry(families?.full ?? FAMILIES, families?.lite ?? LITE_FAMILIES);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Only the configured proxy hops are believed: the client address is the entry that many hops from the right.
    trustProxy: config.trustProxy === false ? false : (_address: string, hop: number) => hop < (config.trustProxy as number),
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every language's catalogue, so that an answer can be in any of them (decision 0090).
  await loadLanguages();
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await registerOpenApi(app);

  const auth = new AuthService(database.db, config);
  registerAuth(app, auth, registry);

  healthRoutes(app, database, readiness);
  authRoutes(app, auth);
  languageRoutes(app, new LanguageService(database.db, () => auth.forgetAuthorizations()));
  oidcRoutes(app, config.oidc && new OidcService(config.oidc, auth, config.jwtSecret));
  registerRoutes(app, new RegisterService(database.db));
  adminRoutes(app, new AdminService(database.db, registry, () => auth.forgetAuthorizations()));
  referenceRoutes(app, new ReferenceService(database.db));
  readersRoutes(app, new ReaderSettingsService(database.db));
  // A notice's EPCIS intake needs the family whose units a notice announces: without one it is not offered.
  const epcisService = registry.noticeFamily && new EpcisService(database.db, registry.noticeFamily, config.epcisIntake);
  integrationRoutes(app, new IntakeService(database.db, registry), epcisService, new MovementsService(database.db, registry), registry);
  documentsRoutes(app, new DocumentsService(database.db), registry);
  // Pack verification (issue 28): the requests' sender runs beside the app and stops with it; the scan
  // path verifies the packs of a family that asks it (scan-verification.ts).
  const verification = new VerificationService(
    database.db,
    config.audit.key,
    (error) => app.log.error({ err: error }, 'sending a verification request failed'),
    { syncTiming: { timeoutMs: config.verificationWaitMs, bulkWaitMs: config.verificationWaitMs }, outbox: DEFAULT_OUTBOX },
  );
  const scanVerification = new ScanVerification(database.db, verification, registry);
  const scanService = new ScanService(database.db, registry, createTransactor(database), scanVerification);
  // A completion decommissions its packs where its family says so, a reopen undoes that first (issue 28).
  const decommission = new DocumentDecommission(database.db, verification);
  const completeService = new CompleteService(database.db, registry, decommission);
  // The stock take and repack run the registry's family of that kind; without one, their paths do not exist.
  const stockTakeService = registry.stockTakeFamily && new StockTakeService(database.db, registry.stockTakeFamily);
  scansRoutes(app, database.db, scanService, completeService, new CountService(database.db, registry), stockTakeService, registry);
  if (stockTakeService) stockTakesRoutes(app, stockTakeService, registry);
  liteRoutes(app, database.db, new LiteService(database.db, scanService, completeService, new DocumentsService(database.db)), registry);
  redressRoutes(app, new RedressService(database.db, registry), registry);
  reopenRoutes(app, new ReopenService(database.db, registry, decommission));
  unitsRoutes(app, new UnitsService(database.db));
  const batchesService = new BatchesService(database.db, new BatchWork(database.db, config.database, config.audit.key), registry);
  batchesRoutes(app, batchesService, registry);
  const reportWork = new ReportWork(database.db, config.database, config.audit.key, reportFacts(registry));
  reportsRoutes(app, database.db, reportWork);
  const repackService = registry.aggregatingFamily && new RepackService(database.db, registry.aggregatingFamily);
  const ssccService = new SsccService(database.db, config.printers, verification.settings);
  labelsRoutes(app, ssccService, new LabelsService(database.db, config.printers), repackService);
  verificationRoutes(app, verification);
  if (repackService) repackRoutes(app, repackService);

  await registerWeb(app, config.webDist);
  // Audit rows are chained after they commit, off the request path (decision 0025).
  // Each head it moves is written outside the database, to AUDIT_HEAD_FILE and the log (decision 0059).
  const sealer = startAuditSealer(database.db, {
    headFile: config.audit.headFile,
    onHead: (head) => app.log.info({ auditHead: head }, `audit chain head ${head.seq} ${head.hash}`),
    onError: (error) => app.log.error({ err: error }, 'sealing the audit trail failed'),
  });
  // Forgotten sign-in counts are deleted now and then; every instance may (decision 0045).
  const cleanup = startLimitCleanup(database.db, (error) => app.log.error({ err: error }, 'cleaning up sign-in counts failed'));
  const demo =
    demoSimulators && config.seedDemo
      ? await startDemoVerification({ config, db: database.db, settings: verification.settings, log: app.log })
      : undefined;
  // Answers a stopped process wrote but never applied to the packs its scans held, then the sender.
  await scanVerification.recover();
  verification.outbox.start();
  // The one close hook, so that the order below holds: Fastify runs onClose hooks in an order that depends
  // on when each plugin booted (the web plugin boots the ones before it), and the database closes last.
  app.addHook('onClose', async () => {
    await cleanup.stop();
    // A send under way is finished and written; what is still queued is sent by the next start.
    await verification.outbox.stop();
    await demo?.close();
    await sealer.stop();
    // A job running here stops, marked failed: its sender sends the document again (decision 0052).
    await epcisService?.stop();
    // A batch change's EPCIS events still being built are kept (decisions 0073, 0076); a report running
    // in its worker ends; each worker closes its own connection.
    await batchesService.close();
    await reportWork.close();
    await database.close();
  });
  return app;
}
