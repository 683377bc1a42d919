import type { DocumentType, LedgerFamily, Registry } from '@pharma/domain';

/**
 * What the reports read off the registry the server runs (decision 0085), as plain data: on a SQLite file
 * the reports are made in a worker thread (report-work.ts), which is sent data and never functions, and a
 * family's entry holds functions (its rules). app.ts reads these once off its registry; the worker is sent
 * them with its connection's settings.
 */
export interface ReportFacts {
  /**
   * The types whose documents have a list (the dashboard's open documents): every family the line engine
   * runs and their lite ('+') families. The aggregating family (Repack) is left out: its documents are
   * worked on the repack's own pages and table (decision 0048), and its list path is refused
   * (FAMILY_OWN_PATHS), so an open repack row in `documents` is nothing a shift lead can open.
   */
  listedTypes: readonly DocumentType[];
  /**
   * The types the discrepancies report covers: the families marked `discrepancies`, each with its lite
   * family, which keeps the mark (a lite document's lines are expected, scanned and completed by the same
   * engine, so its figures mean the same).
   */
  discrepancyTypes: readonly DocumentType[];
  /** What the ledger reads of each family (lite ones included), by document type. */
  ledgerFamilies: ReadonlyMap<string, LedgerFamily>;
}

/** The registry's facts the reports read. */
export function reportFacts(registry: Registry): ReportFacts {
  return {
    listedTypes: [...registry.families.filter((f) => !f.aggregates).map((f) => f.type), ...registry.liteFamilies.map((l) => l.family.type)],
    discrepancyTypes: registry.all.filter((f) => f.discrepancies).map((f) => f.type),
    ledgerFamilies: new Map(
      registry.all.map((f): [string, LedgerFamily] => [
        f.type,
        {
          module: f.module,
          sameWarehouse: f.sameWarehouse,
          completed: { ...f.completed },
          ...(f.handOver ? { handOver: { to: f.handOver.to } } : {}),
        },
      ]),
    ),
  };
}
