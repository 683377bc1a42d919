// Runs SQLite WAL checkpoints in a worker thread on its own connection, so the fsyncs of a
// checkpoint never stall the request path (decision 0008). PASSIVE checkpoints never block the
// writer; the main connection keeps a high auto-checkpoint limit as a safety net.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next turn tries again.
  }
}, workerData.everyMs ?? 1000);
parentPort?.on('message', (m) => {
  if (m === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort?.close();
  }
});
