// Runs a TypeScript module in a worker thread (decision 0076). Node 20 hands a worker none of its
// parent's module hooks, so the `--import tsx` the server starts with does not reach it: the worker
// registers tsx itself, then imports the module named in workerData.entry (a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
