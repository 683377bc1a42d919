import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './startup.ts';

const config = loadConfig();
const database = openDatabase(config.database);
const prepared = await prepareDatabase(config, database);
const app = await buildApp({ config, database });
if (prepared.seeded) app.log.warn('seeded the demo warehouse and its users (public password): not for production');
if (prepared.admin) app.log.info({ firstAdmin: prepared.admin }, 'first administrator from ADMIN_EMAIL');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Pharma Scan on http://localhost:${config.port} (${database.kind})`);
