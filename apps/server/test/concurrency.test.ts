import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { makeCodes, products, stageInbound } from './inventory-fixtures.ts';

describe.each(DATABASES)('concurrent scanning on %s', (kind) => {
  let t: TestApp;
  let clients: Record<string, string>[];
  let packs: PackSpec[];
  let cartons: CartonSpec[];
  const IBD = '1920000001';

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const all = await products(t);
    const codes = makeCodes(31);
    packs = codes.packs(30, all[4]!);
    cartons = [codes.carton(6, all[5]!), codes.carton(6, all[5]!)];
    await stageInbound(t.app, admin, IBD, { packs, cartons }, all);
    // Several handhelds, each signed in on its own.
    clients = await Promise.all(
      [DEMO_USERS.rdc, DEMO_USERS.admin, DEMO_USERS.rdc, DEMO_USERS.admin].map(async (u) => (await signIn(t.app, u)).headers),
    );
  });
  afterAll(() => t?.close());

  const { post } = requests({ app: () => t.app, as: () => clients[0]! });
  const scan = (i: number, code: string, unit: string, scanId = randomUUID()) =>
    post('/api/scanForOperation', { docType: 'IBD', docNo: IBD, code, unit, scanId }, clients[i % clients.length]!);

  it('many clients scanning one IBD at once, each pack several times, never double-count', async () => {
    const attempts = [
      ...packs.flatMap((p, i) => [scan(i, packScan(p), 'EA'), scan(i + 1, packScan(p, '<GS>'), 'EA'), scan(i + 2, packScan(p), 'EA')]),
      ...cartons.flatMap((c, i) => [scan(i, ssccScan(c.sscc), 'CTN'), scan(i + 1, ssccScan(c.sscc), 'CTN')]),
      // The same pack from every client at once, and a pack inside a carton racing its carton.
      ...clients.map((_, i) => scan(i, packScan(packs[0]!), 'EA')),
      scan(0, packScan(cartons[0]!.packs[0]!), 'EA'),
    ];
    const results = await Promise.all(attempts);
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 409 && r.json().code === 'ALREADY_SCANNED')).toBe(true);
    const counted = accepted.reduce((n, r) => n + r.json().packs, 0);
    expect(counted).toBe(30 + 12);
    const details = (await t.app.inject({ method: 'GET', url: `/api/ibdNo/${IBD}`, headers: clients[0]! })).json();
    expect(details.data.reduce((n: number, l: { scannedQuantity: number }) => n + l.scannedQuantity, 0)).toBe(42);
    const items = await t.database.db
      .selectFrom('scan_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'scan_items.scan_id',
        'in',
        accepted.map((r) => r.json().scanId),
      )
      .where('scan_items.counted', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(42);
  });

  it('one scanId sent many times at once is one scan with one answer', async () => {
    const id = randomUUID();
    const before = (
      await t.database.db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    // Reverse one pack first so there is something left to scan.
    const reversed = await t.app.inject({
      method: 'POST',
      url: '/api/reverseOperation',
      headers: clients[0]!,
      payload: { docType: 'IBD', docNo: IBD, code: packScan(packs[5]!), scanId: randomUUID() },
    });
    expect(reversed.statusCode).toBe(200);
    const results = await Promise.all(
      clients.flatMap((_, i) => [scan(i, packScan(packs[5]!), 'EA', id), scan(i, packScan(packs[5]!), 'EA', id)]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const bodies = results.map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);
    const after = (
      await t.database.db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after) - Number(before)).toBe(2);
  });
});
