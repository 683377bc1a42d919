import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { afterChange, type BatchWorkerData, type BatchWorkOrder } from './batch-work.ts';

/**
 * The batch worker thread (decision 0076): the work after each change of a batch's status, on a
 * connection of its own (SQLite: a second connection to the same file, which WAL lets read beside the
 * server's; PostgreSQL: a pool of two). Checkpoints stay with the server's connection.
 */
const { database, auditKey } = (workerData as { data: BatchWorkerData }).data;
const handle = openDatabase(database, auditKey, { checkpointer: false, connections: 2 });

parentPort!.on('message', (order: BatchWorkOrder) => {
  if (order.kind === 'change') void afterChange(handle.db, order.owed, (news) => parentPort!.postMessage(news));
  else void handle.close().finally(() => process.exit(0));
});
