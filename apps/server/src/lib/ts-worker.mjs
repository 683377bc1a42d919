// Runs a TypeScript module in a worker thread when the server runs from source (decision 0076; the
// compiled server starts its workers' JavaScript, decision 0084). Node 20 hands a worker none of its
// parent's module hooks, so the `--import tsx` of `npm run dev` and the tests does not reach it: the
// worker registers tsx itself, then imports the module named in workerData.entry (a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
