import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await migrateToLatest(database.db);
if (config.seedDemo) await seedDemoIfEmpty(database.db);
const app = await buildApp({ config, database });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Pharma Scan on http://localhost:${config.port} (${database.kind})`);
