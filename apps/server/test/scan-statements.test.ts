import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * What a scan costs in round trips on PostgreSQL (decision 0033): every statement the server's pool
 * sends is counted by the driver wrapper (`activity` of the database handle), so a change that adds
 * statements to the scan path fails here before it shows as a slower bench. Before decision 0033 a
 * single-pack scan sent twelve (two of them its savepoint), and each waited for the one before.
 */
describe.each(DATABASES.filter((k) => k === 'postgres'))('statements a scan sends on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let packs: PackSpec[];
  const IBD = '1930000001';

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const all = await products(t);
    packs = makeCodes(41).packs(42, all[4]!);
    await stageInbound(t.app, admin, IBD, { packs }, all);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
  });
  afterAll(() => t?.close());

  const statements = () => (t.database.kind === 'postgres' ? t.database.activity.statements : 0);
  const { post } = requests({ app: () => t.app, as: () => rdc });
  const scan = (p: PackSpec) =>
    post('/api/scanForOperation', { docType: 'IBD', docNo: IBD, code: packScan(p), unit: 'EA', scanId: randomUUID() });

  it('one pack scanned alone: the transaction, the document and its lines, the pack with its ASN check, one write', async () => {
    // The first scan moves the IBD to In Progress and warms the caller's cache.
    expect((await scan(packs[0]!)).statusCode).toBe(200);
    const before = statements();
    const res = await scan(packs[1]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 1, document: { status: 'In Progress' } });
    // BEGIN, the document locked, its lines, the pack locked with its ASN check, the writes, COMMIT:
    // six; the audit sealer's second (three statements) may fall inside the window.
    expect(statements() - before).toBeGreaterThanOrEqual(6);
    expect(statements() - before).toBeLessThanOrEqual(9);
  });

  it('forty packs at once share one group: the document, the packs with its lines, and their writes are a statement each', async () => {
    const batch = packs.slice(2);
    const before = statements();
    const results = await Promise.all(batch.map(scan));
    expect(results.map((r) => r.statusCode)).toEqual(batch.map(() => 200));
    const perScan = (statements() - before) / batch.length;
    // One group: BEGIN, the document, the forty packs with the document's lines (decision 0091), their
    // writes, COMMIT. Two groups, or the audit sealer running meanwhile, add a few; a statement a pack would be over 1.
    expect(perScan).toBeGreaterThanOrEqual(5 / batch.length);
    expect(perScan).toBeLessThan(0.6);
    const details = (await t.app.inject({ method: 'GET', url: `/api/ibdNo/${IBD}`, headers: rdc })).json();
    expect(details.data.reduce((n: number, l: { scannedQuantity: number }) => n + l.scannedQuantity, 0)).toBe(42);
  });
});
