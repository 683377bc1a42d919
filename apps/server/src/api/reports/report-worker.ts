import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { REPORT_MAKERS } from './makers.ts';
import type { ReportNews, ReportOrder, ReportWorkerData } from './report-work.ts';

/**
 * The report worker thread (decision 0077): makes the reports asked of it on a SQLite connection of its
 * own, which WAL lets read beside the server's, so a report's reads of a million units never hold the
 * server's thread or its connection, where the scans are written. Each report reads in one transaction:
 * one snapshot for all its statements. Checkpoints stay with the server's connection.
 */
const { database, auditKey, facts } = (workerData as { data: ReportWorkerData }).data;
const handle = openDatabase(database, auditKey, { checkpointer: false });
const port = parentPort!;

port.on('message', (order: ReportOrder) => {
  if (order.kind === 'stop') {
    void handle.close().finally(() => process.exit(0));
    return;
  }
  const tell = (news: ReportNews) => port.postMessage(news);
  handle.db
    .transaction()
    .execute((trx): Promise<unknown> => REPORT_MAKERS[order.name](trx, order.filters, facts))
    .then(
      (value) => tell({ id: order.id, ok: true, value }),
      (error: unknown) => tell({ id: order.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
});
port.postMessage({ kind: 'ready' } satisfies ReportNews);
