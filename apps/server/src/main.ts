import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { prepareDatabase, StartRefused } from './startup.ts';

const config = loadConfig();
const database = openDatabase(config.database, config.audit.key);
const prepared = await prepareDatabase(config, database).catch(async (error: unknown) => {
  if (!(error instanceof StartRefused)) throw error;
  // A refusal is the operator's to fix: one sentence, no stack.
  console.error(error.message);
  await database.close();
  process.exit(1);
});
const readiness = { draining: false };
const app = await buildApp({ config, database, readiness, demoSimulators: true });
if (prepared.seeded) app.log.warn('seeded the demo warehouse and its users (public password): not for production');
if (prepared.admin) app.log.info({ firstAdmin: prepared.admin }, 'first administrator from ADMIN_EMAIL');
if (prepared.superuser) {
  app.log.warn(
    { role: prepared.superuser },
    'connected to PostgreSQL as a superuser, which can rewrite the audit trail: refused in production (docs/deploy.md, two roles)',
  );
}

/**
 * In production a stop first answers 503 on /api/ready for DRAIN_MS, so the reverse proxy takes the
 * instance out before it stops listening (docs/deploy.md, decision 0047); then requests in flight finish.
 */
const DRAIN_MS = config.production ? 5_000 : 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal, drainMs: DRAIN_MS }, 'shutting down');
    readiness.draining = true;
    setTimeout(() => void app.close().then(() => process.exit(0)), DRAIN_MS);
  });
}

await app.listen({ port: config.port, host: config.host });
// The port bound, not the one asked: PORT=0 lets the system choose.
const bound = app.server.address();
app.log.info(`Pharma Scan on http://localhost:${typeof bound === 'object' && bound ? bound.port : config.port} (${database.kind})`);
