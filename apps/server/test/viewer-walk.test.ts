import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@pharma/domain';
import { sealAudit } from '../src/db/audit.ts';
import { DEMO_MATERIALS } from '../src/seed/demo-catalogue.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_IBDS, DEMO_INVENTORY, DEMO_LOCAL_DOCUMENTS } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 26: every state-changing route of the OpenAPI document the app serves (POST, PUT, PATCH,
 * DELETE), sent by the demo viewer (the local area's lists and details, no action) with `?area=RDC`
 * and `?area=LDC`, answers 403 and changes no row of any table. The routes come from the document,
 * so a new route is in the walk the moment it is served; the only ones left out are below, each with
 * its reason.
 */
const NOT_WALKED: Record<string, string> = {
  'POST /api/auth-login': 'signing in is public: it is how the viewer has a session at all',
  'POST /api/auth-logout': "signing out is public and ends only the caller's own session",
  'POST /api/register': 'requesting an account is public (anonymous) and grants nothing (decision 0057)',
  'PUT /api/me/language':
    "sets only the caller's own language, as every signed-in user may: a preference, not a warehouse change (decision 0090)",
  'POST /api/batches/lookup': "a read: names the batch of a scanned pack, which the viewer's RECALL DetailsPage may see (decision 0070)",
};

/** The routes issue 26 found answering 200 to the viewer: each must be in the walk with a body that works. */
const ISSUE_ROUTES = [
  '/api/createPallet',
  '/api/generateSSCC',
  '/api/printLabel',
  '/api/printPackLabel',
  '/api/auditPrint',
  '/api/repackScan',
  '/api/repackScanOperation',
  '/api/remapHU',
  '/api/completeRepack',
];

const GATE_CODES = ['MODULE_NOT_AUTHORIZED', 'FEATURE_NOT_AUTHORIZED'];

type Operation = { method: string; path: string };

/**
 * Every table's rows as one digest per table: the row count and a SHA-256 of the rows, each with
 * its keys in order, sorted. Any insert, update or delete changes it.
 */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.database.db.introspection.getTables();
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(t.database.db);
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((key) => [key, row[key]]),
        ),
      )
      .sort();
    out[name] = `${rows.length} ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}

describe.each(DATABASES)('the viewer walk over every state-changing route on %s', (kind) => {
  let t: TestApp;
  let viewer: Record<string, string>;
  let admin: Record<string, string>;
  let operations: Operation[];
  /** A body that does what the route is for, built from the seed, for the routes whose body is not `{}`-simple. */
  let bodies: Record<string, unknown>;
  /** Path parameters worth a real value: the viewer's own account, the local warehouse, a demo material and IBD. */
  let params: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    viewer = (await signIn(t.app, DEMO_USERS.viewer)).headers;
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((m) => m.toUpperCase())
        .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        .map((method) => ({ method, path })),
    );

    // What the viewer's requests would work on: a new pallet and a new carton, each with its pending repack, made by the local operator.
    const made = async (type: 'PLT' | 'CTN') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/createPallet?area=LDC',
        headers: ldc,
        payload: { warehouseNo: 'W3010', type },
      });
      expect(res.statusCode, res.body).toBe(200);
      const sscc = res.json().sscc as string;
      const open = await t.app.inject({ method: 'POST', url: '/api/repackScan?area=LDC', headers: ldc, payload: { code: ssccScan(sscc) } });
      expect(open.statusCode, open.body).toBe(200);
      return { sscc, repackNo: open.json().repackNo as string };
    };
    const pallet = await made('PLT');
    const carton = await made('CTN');
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: viewer })).json();
    const roles = (await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers: admin })).json().data as {
      id: string;
      name: string;
    }[];
    const adminRole = roles.find((r) => r.name === 'Administrator')!.id;
    const pack = DEMO_INVENTORY.localStock.loosePacks[0]!;

    params = {
      '/api/admin/users/{id}': me.user.id,
      '/api/admin/roles/{id}': roles.find((r) => r.name === 'LDC viewer')!.id,
      warehouseNo: 'W3010',
      materialNo: DEMO_MATERIALS[0]!.materialNo,
      batchNo: DEMO_MATERIALS[0]!.batches[0]!.batchNo,
      type: 'IBD',
      number: DEMO_IBDS.local,
    };
    bodies = {
      'POST /api/generateSSCC': { warehouseNo: 'W3010' },
      'POST /api/createPallet': { warehouseNo: 'W3010', type: 'PLT' },
      'POST /api/printLabel': { sscc: pallet.sscc, format: 'ZPL' },
      'POST /api/printPackLabel': { code: packScan(pack), format: 'ZPL' },
      'POST /api/auditPrint': { sscc: pallet.sscc, format: 'PDF' },
      'POST /api/repackScan': { code: ssccScan(DEMO_INVENTORY.localStock.damagedCarton.sscc) },
      'POST /api/repackScanOperation': { repackNo: pallet.repackNo, code: ssccScan(carton.sscc), scanId: randomUUID() },
      'POST /api/remapHU': { code: ssccScan(carton.sscc), to: pallet.sscc, scanId: randomUUID() },
      'POST /api/completeRepack': { sscc: pallet.sscc },
      'POST /api/repackCompleteOperator': { repackNo: carton.repackNo },
      'POST /api/scanForOperation': {
        docType: 'OBD',
        docNo: DEMO_LOCAL_DOCUMENTS.dispatch,
        code: packScan(DEMO_INVENTORY.localStock.loosePacks[1]!),
        unit: 'EA',
        scanId: randomUUID(),
      },
      'POST /api/itemStatus': { code: packScan(DEMO_INVENTORY.localStock.loosePacks[2]!), unit: 'EA', status: 'QUARANTINE' },
      // Taking the Administrator role, and setting up the warehouse's printers: an escalation and the integration right.
      'PATCH /api/admin/users/{id}': { roleIds: [adminRole] },
      'PUT /api/integration/warehouses/{warehouseNo}': { gs1CompanyPrefix: '0614141', extensionDigit: '6', printers: [] },
      'PUT /api/batches/{materialNo}/{batchNo}/status': { status: 'ON_HOLD', reason: 'Quality complaint' },
      // A stock take of the local warehouse, blind (issue 31): the viewer's List and DetailsPage of STOCKTAKE create none.
      'POST /api/stockTakes': { warehouseNo: 'W3010', scope: {}, blind: true },
    };
  });
  afterAll(() => t?.close());

  const key = (op: Operation) => `${op.method} ${op.path}`;
  const urlOf = (op: Operation, area: string) =>
    `${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[op.path] ?? params[name] ?? 'x'))}?area=${area}`;

  it('walks every state-changing route but the listed public ones, the routes of issue 26 among them', () => {
    const walked = operations.filter((op) => !(key(op) in NOT_WALKED));
    expect(walked.length).toBeGreaterThan(40);
    for (const path of ISSUE_ROUTES) expect(walked.map((op) => op.path)).toContain(path);
    // Every exception is still served: a stale one would hide nothing, but should go.
    for (const exception of Object.keys(NOT_WALKED)) expect(operations.map(key)).toContain(exception);
  });

  it('the viewer gets 403 from every one, in both areas, and no row of any table changes', async () => {
    // The app's audit sealer chains committed rows every second (decision 0025): the setup's rows are sealed
    // now, else its next round could seal them during the walk, a change no refused call made.
    await sealAudit(t.database.db, { file: t.config.audit.headFile });
    const before = await snapshot(t);
    const failures: string[] = [];
    for (const op of operations.filter((o) => !(key(o) in NOT_WALKED))) {
      for (const area of ['RDC', 'LDC']) {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: urlOf(op, area),
          headers: viewer,
          payload: (bodies[key(op)] ?? {}) as object,
        });
        const code = String(res.headers['content-type']).includes('json') ? (res.json() as { code?: string }).code : undefined;
        if (res.statusCode !== 403 || !GATE_CODES.includes(code ?? '')) {
          failures.push(`${key(op)} ?area=${area}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('says why in the spec’s words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createPallet?area=LDC',
      headers: viewer,
      payload: bodies['POST /api/createPallet'] as object,
    });
    expect(res.statusCode).toBe(403);
    expect([message('MODULE_NOT_AUTHORIZED'), message('FEATURE_NOT_AUTHORIZED')]).toContain(res.json().message);
  });

  it('the bodies the viewer sent work for someone allowed: the 403s were the permission, not the request', async () => {
    // In an order that works: the prints, then the moves, then the completions; the admin's role change last.
    const order = Object.keys(bodies).sort((a, b) => Number(a.startsWith('PATCH')) - Number(b.startsWith('PATCH')));
    const answers: string[] = [];
    for (const name of order) {
      const [method, path] = name.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'POST',
        url: urlOf({ method, path }, 'LDC'),
        headers: admin,
        payload: bodies[name] as object,
      });
      answers.push(`${name}: ${res.statusCode < 300 ? 'ok' : `${res.statusCode} ${res.body.slice(0, 160)}`}`);
    }
    expect(answers).toEqual(order.map((name) => `${name}: ok`));
  });
});
