import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as foundation from './migrations/2026-11-22-0001-foundation.ts';
import * as inventory from './migrations/2026-11-22-0002-inventory.ts';
import * as familyEngine from './migrations/2026-11-23-0003-family-engine.ts';
import * as epcisMovements from './migrations/2026-11-23-0004-epcis-movements.ts';
import * as auditChain from './migrations/2026-11-23-0005-audit-chain.ts';
import * as transferLinks from './migrations/2026-11-23-0006-transfer-links.ts';
import * as auditChainIndexes from './migrations/2026-11-23-0007-audit-chain-indexes.ts';
import * as countedScans from './migrations/2026-11-23-0008-counted-scans.ts';
import * as ssccLabels from './migrations/2026-11-23-0009-sscc-labels.ts';
import * as redress from './migrations/2026-11-23-0011-redress.ts';
import * as readerSettings from './migrations/2026-11-23-0013-reader-settings.ts';
import * as loginLimits from './migrations/2026-11-23-0014-login-limits.ts';
import * as epcisJobs from './migrations/2026-11-24-0016-epcis-jobs.ts';
import * as repackDocuments from './migrations/2026-11-24-0015-repack-documents.ts';
import * as fewerIndexWrites from './migrations/2026-11-24-0017-fewer-index-writes.ts';
import * as scanItemKeyChecks from './migrations/2026-11-24-0018-scan-item-key-checks.ts';
import * as stockPacks from './migrations/2026-11-24-0019-stock-packs.ts';
import * as auditMac from './migrations/2026-11-26-0021-audit-mac.ts';
import * as repackAndPrintGrants from './migrations/2026-11-26-0022-repack-and-print-grants.ts';
import * as redressCartonUnits from './migrations/2026-11-26-0023-redress-carton-units.ts';
import * as countRemovals from './migrations/2026-11-26-0025-count-removals.ts';
import * as batchStatuses from './migrations/2026-11-26-0026-batch-statuses.ts';
import * as epcisBatchEvents from './migrations/2026-11-26-0027-epcis-batch-events.ts';
import * as batchEventsGzip from './migrations/2026-11-26-0028-batch-events-gzip.ts';
import * as fefoByBatch from './migrations/2026-11-26-0029-fefo-by-batch.ts';
import * as scanRefusals from './migrations/2026-11-26-0030-scan-refusals.ts';
import * as coveringReportIndexes from './migrations/2026-11-26-0031-covering-report-indexes.ts';
import * as reportReads from './migrations/2026-11-26-0032-report-reads.ts';
import * as stockTakes from './migrations/2026-11-26-0033-stock-takes.ts';
import * as unitEditsByUnit from './migrations/2026-11-26-0034-unit-edits-by-unit.ts';
import * as verification from './migrations/2026-11-26-0035-verification.ts';
import * as decommissionOnCompletion from './migrations/2026-11-27-0036-decommission-on-completion.ts';
import * as epcisJobEpcs from './migrations/2026-11-27-0037-epcis-job-epcs.ts';
import * as epcisAnnouncements from './migrations/2026-11-27-0038-epcis-announcements.ts';
import * as nmvsClientCertificate from './migrations/2026-11-27-0039-nmvs-client-certificate.ts';
import * as userLanguage from './migrations/2026-11-27-0040-user-language.ts';
import * as stockTriggerPlans from './migrations/2026-11-27-0041-stock-trigger-plans.ts';

/** Every migration, in order. Listed by hand so the server needs no file-system scan. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-inventory': inventory,
  '2026-11-23-0003-family-engine': familyEngine,
  '2026-11-23-0004-epcis-movements': epcisMovements,
  '2026-11-23-0005-audit-chain': auditChain,
  '2026-11-23-0006-transfer-links': transferLinks,
  '2026-11-23-0007-audit-chain-indexes': auditChainIndexes,
  '2026-11-23-0008-counted-scans': countedScans,
  '2026-11-23-0009-sscc-labels': ssccLabels,
  '2026-11-23-0011-redress': redress,
  '2026-11-23-0013-reader-settings': readerSettings,
  '2026-11-23-0014-login-limits': loginLimits,
  '2026-11-24-0016-epcis-jobs': epcisJobs,
  '2026-11-24-0015-repack-documents': repackDocuments,
  '2026-11-24-0017-fewer-index-writes': fewerIndexWrites,
  '2026-11-24-0018-scan-item-key-checks': scanItemKeyChecks,
  '2026-11-24-0019-stock-packs': stockPacks,
  '2026-11-26-0021-audit-mac': auditMac,
  '2026-11-26-0022-repack-and-print-grants': repackAndPrintGrants,
  '2026-11-26-0023-redress-carton-units': redressCartonUnits,
  '2026-11-26-0025-count-removals': countRemovals,
  '2026-11-26-0026-batch-statuses': batchStatuses,
  '2026-11-26-0027-epcis-batch-events': epcisBatchEvents,
  '2026-11-26-0028-batch-events-gzip': batchEventsGzip,
  '2026-11-26-0029-fefo-by-batch': fefoByBatch,
  '2026-11-26-0030-scan-refusals': scanRefusals,
  '2026-11-26-0031-covering-report-indexes': coveringReportIndexes,
  '2026-11-26-0032-report-reads': reportReads,
  '2026-11-26-0033-stock-takes': stockTakes,
  '2026-11-26-0034-unit-edits-by-unit': unitEditsByUnit,
  '2026-11-26-0035-verification': verification,
  '2026-11-27-0036-decommission-on-completion': decommissionOnCompletion,
  '2026-11-27-0037-epcis-job-epcs': epcisJobEpcs,
  '2026-11-27-0038-epcis-announcements': epcisAnnouncements,
  '2026-11-27-0039-nmvs-client-certificate': nmvsClientCertificate,
  '2026-11-27-0040-user-language': userLanguage,
  '2026-11-27-0041-stock-trigger-plans': stockTriggerPlans,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** This version's migrations by name, in order: a database copied between engines must have exactly these. */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

/** This version's migrations the database has not applied (an instance started before the upgrade ran them). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const applied = new Set(
    (
      await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
    ).map((r) => (r as { name: string }).name),
  );
  return migrationNames().filter((name) => !applied.has(name));
}

/** Applies the migrations up to and including `name`: a database as an older version left it (upgrade tests). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
