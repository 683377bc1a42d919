import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { DEMO_NMVS, DEMO_REFUSED_RETURNS, DEMO_VRS } from '../src/seed/demo-verification.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { packsOf } from '../src/seed/stock-builder.ts';
import { prepareDatabase } from '../src/startup.ts';
import { DATABASES, openTestDatabase, signIn, type TestDatabase } from './harness.ts';

/**
 * The demo's national systems (issue 28): a start with the demo data, as main.ts makes it, runs a
 * simulator of the NMVS and of the VRS in the app's process with the demo packs, and points the demo
 * warehouses at them; the README's refused returns are refused; an operator's setting is never
 * overwritten; a port that is taken is a warning, not a failed start; the simulators close with the
 * app; with SEED_DEMO=false nothing is simulated and nothing is set.
 */

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

interface DemoApp {
  app: ZodApp;
  database: DatabaseHandle;
  /** The log's messages, in order. */
  messages: string[];
}

/** The app as main.ts builds it (prepareDatabase migrates and seeds; the demo's simulators asked for), over its own database handle. */
async function startDemoApp(config: Config, database = openDatabase(config.database, config.audit.key)): Promise<DemoApp> {
  await prepareDatabase(config, database);
  const messages: string[] = [];
  const logStream = { write: (line: string) => void messages.push((JSON.parse(line) as { msg: string }).msg) };
  const app = await buildApp({ config, database, logStream, demoSimulators: true });
  await app.ready();
  return { app, database, messages };
}

/** Whether a loopback port can be listened on now (nothing holds it). */
function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function holdPort(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const portOf = (url: string) => Number(new URL(url).port);

/** An operator's own VRS for W3010: a demo start leaves it alone. */
const OPERATOR_VRS = { system: 'VRS', url: 'https://vrs.example.com/router', secret: 'operator-token-3010' } as const;

/** Every serialised demo pack, once: what the VRS simulator holds (the NMVS one holds all but its refused return). */
const demoPackCount = new Set(
  Object.values(DEMO_INVENTORY.ibds)
    .flatMap((shipment) => packsOf(shipment))
    .map((pack) => `${pack.gtin}/${pack.serial}`),
).size;

describe.each(DATABASES)('the demo start with its national-system simulators on %s', (kind) => {
  let opened: TestDatabase;
  let demo: DemoApp;
  let config: Config;
  /** W2010's setting as the last demo start left it. */
  let regionalUrl: string;

  const settingsOf = async (database: DatabaseHandle, warehouseNo: string) =>
    database.db.selectFrom('verification_settings').selectAll().where('warehouse_no', '=', warehouseNo).executeTakeFirst();
  const verify = async (app: ZodApp, pack: PackSpec, area: 'RDC' | 'LDC') => {
    const { headers } = await signIn(app, area === 'RDC' ? DEMO_USERS.rdc : DEMO_USERS.ldc);
    const res = await app.inject({ method: 'POST', url: `/api/verifyPack?area=${area}`, headers, payload: { code: packScan(pack) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    opened = await openTestDatabase(kind, { LOG_LEVEL: 'info', NMVS_SIMULATOR_PORT: '0', VRS_SIMULATOR_PORT: '0' });
    config = opened.config;
    demo = await startDemoApp(config, opened.database);
  });
  afterAll(async () => {
    await demo?.app.close();
    await opened?.drop();
  });

  it('points the regional warehouse at the NMVS simulator and the local one at the VRS simulator', async () => {
    const regional = await settingsOf(demo.database, 'W2010');
    const local = await settingsOf(demo.database, 'W3010');
    regionalUrl = regional!.url;
    expect(regional).toMatchObject({ system: 'NMVS', client_id: DEMO_NMVS.clientId, user_name: DEMO_NMVS.user });
    expect(local).toMatchObject({ system: 'VRS', gln: '8881234030108' });
    expect(regional!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.messages).toContain(
      `demo: NMVS simulator at ${regional!.url} with ${demoPackCount - 1} demo packs; W2010 verifies packs there`,
    );
    expect(demo.messages).toContain(`demo: VRS simulator at ${local!.url} with ${demoPackCount} demo packs; W3010 verifies packs there`);
    // Audited as the integration PUT audits it: the secret only 'set', never its text, nor in the log.
    const audit = await demo.database.db
      .selectFrom('audit_log')
      .select(['entity_id', 'after_json'])
      .where('entity', '=', 'warehouse')
      .where('action', '=', 'label-setup')
      .orderBy('entity_id')
      .execute();
    expect(audit.map((row) => [row.entity_id, JSON.parse(row.after_json!).verification.secret])).toEqual([
      ['W2010', 'set'],
      ['W3010', 'set'],
    ]);
    for (const text of [...audit.map((row) => row.after_json!), ...demo.messages]) {
      expect(text).not.toContain(DEMO_NMVS.password);
      expect(text).not.toContain(DEMO_VRS.secret);
    }
  });

  it('verifies a regional demo pack at the NMVS and a local one at the VRS', async () => {
    expect(await verify(demo.app, DEMO_INVENTORY.stock.loosePacks[0]!, 'RDC')).toMatchObject({
      system: 'NMVS',
      verified: true,
      state: 'ACTIVE',
      outcome: 'verified',
      returnCode: 'NMVS_SUCCESS',
    });
    expect(await verify(demo.app, DEMO_INVENTORY.localStock.loosePacks[0]!, 'LDC')).toMatchObject({
      system: 'VRS',
      verified: true,
      outcome: 'verified',
      message: 'The VRS verified the pack.',
    });
  });

  it("refuses the README's refused returns with the system's answer", async () => {
    const nmvs = await verify(demo.app, DEMO_REFUSED_RETURNS.nmvs, 'RDC');
    expect(nmvs).toMatchObject({ system: 'NMVS', verified: false, outcome: 'alert', returnCode: 'NMVS_NC_PC_02' });
    expect(nmvs.alertId).toMatch(/^NMVS-ALERT-[0-9A-F]{12}$/);
    expect(nmvs.message).toMatch(/^The NMVS did not verify the pack: NMVS_NC_PC_02 .*\(alert NMVS-ALERT-[0-9A-F]{12}\)\.$/);
    expect(await verify(demo.app, DEMO_REFUSED_RETURNS.vrs, 'LDC')).toMatchObject({
      system: 'VRS',
      verified: false,
      outcome: 'refused',
      returnCode: 'Not_for_re-distribution',
    });
    // Their return partners verify: only the chosen pack of each return is refused.
    expect(await verify(demo.app, DEMO_INVENTORY.stock.returnPacks[0]!, 'RDC')).toMatchObject({ verified: true });
    expect(await verify(demo.app, DEMO_INVENTORY.localStock.returnPacks[0]!, 'LDC')).toMatchObject({ verified: true });
  });

  it.each([
    { docNo: '6000000101', area: 'RDC', refused: DEMO_REFUSED_RETURNS.nmvs, answer: /The NMVS did not verify the pack: NMVS_NC_PC_02 / },
    {
      docNo: '6000000201',
      area: 'LDC',
      refused: DEMO_REFUSED_RETURNS.vrs,
      answer: /The VRS did not verify the pack: Not_for_re-distribution\./,
    },
  ] as const)("the README's return $docNo: every pack verified and accepted but the last, refused and quarantined", async (ret) => {
    const block = new RegExp(`^RMA ${ret.docNo}:\\n((?:\\].*\\n)+)`, 'm').exec(README)!;
    const codes = block[1]!
      .trim()
      .split('\n')
      .map((code) => code.replaceAll('<GS>', '\u001d'));
    expect(codes.at(-1)).toBe(packScan(ret.refused));
    const { headers } = await signIn(demo.app, ret.area === 'RDC' ? DEMO_USERS.rdc : DEMO_USERS.ldc);
    const statuses = [];
    let refusal: Record<string, unknown> = {};
    for (const code of codes) {
      const unit = code.startsWith(']C100') ? 'CTN' : 'EA';
      const payload = { docType: 'RMA', docNo: ret.docNo, code, unit, idType: 'GS1', scanId: randomUUID() };
      const res = await demo.app.inject({ method: 'POST', url: `/api/scanForOperation?area=${ret.area}`, headers, payload });
      statuses.push(res.statusCode);
      refusal = res.json();
    }
    expect(statuses).toEqual([...codes.slice(1).map(() => 200), 422]);
    expect(refusal).toMatchObject({ code: 'VERIFICATION_SCAN_REFUSED', message: expect.stringMatching(ret.answer) });
    const pack = await demo.database.db
      .selectFrom('handling_units')
      .select(['status', 'reason'])
      .where('gtin', '=', ret.refused.gtin)
      .where('serial', '=', ret.refused.serial)
      .executeTakeFirstOrThrow();
    expect(pack).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
  });

  it("answers the README's examples as the README says", async () => {
    const nmvsUrl = (await settingsOf(demo.database, 'W2010'))!.url;
    // The start's log line, at the default port.
    const logged = demo.messages.find((m) => m.startsWith('demo: NMVS simulator at '))!;
    expect(README).toContain(`\`${logged.replace(nmvsUrl, 'http://127.0.0.1:7081')}\``);
    // Each refused return's code and answer, as the table gives them (the alert id differs each time).
    const table = new Map(
      [...README.matchAll(/^\| `(\]d2[^`]+)` \(RMA `\d+`\) +\| '([^']+)' +\|$/gm)].map((m) => [m[1]!.replaceAll('<GS>', '\u001d'), m[2]!]),
    );
    expect([...table.keys()]).toEqual([packScan(DEMO_REFUSED_RETURNS.nmvs), packScan(DEMO_REFUSED_RETURNS.vrs)]);
    for (const [pack, area] of [
      [DEMO_REFUSED_RETURNS.nmvs, 'RDC'],
      [DEMO_REFUSED_RETURNS.vrs, 'LDC'],
    ] as const) {
      const answer = await verify(demo.app, pack, area);
      expect(String(answer.message).replace(/NMVS-ALERT-[0-9A-F]{12}/, 'NMVS-ALERT-…')).toBe(table.get(packScan(pack)));
    }
    // The curl examples: the refused pack, then one verified, then the NMVS simulator's record of that one.
    const { headers } = await signIn(demo.app, DEMO_USERS.admin);
    const examples = [...README.matchAll(/curl -s '?localhost:3000(\/api\/verifyPack\S*?)'? [^]*?-d '(\{[^']*\})'/g)];
    const answers = [];
    for (const [, url, body] of examples) {
      const res = await demo.app.inject({ method: 'POST', url: url!, headers, payload: JSON.parse(body!) });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    }
    expect(answers).toMatchObject([
      { system: 'NMVS', verified: false, returnCode: 'NMVS_NC_PC_02' },
      { system: 'NMVS', verified: true, returnCode: 'NMVS_SUCCESS' },
    ]);
    const [, path] = /curl -s localhost:7081(\/_sim\/packs\/\S+)/.exec(README)!;
    const record = await fetch(`${nmvsUrl}${path}`);
    expect(record.status).toBe(200);
    const view = (await record.json()) as { state: string; history: Record<string, unknown>[] };
    expect(view.state).toBe('ACTIVE');
    expect(view.history.at(-1)).toMatchObject({
      code: 'G110',
      client: DEMO_NMVS.clientId,
      user: DEMO_NMVS.user,
      returnCode: 'NMVS_SUCCESS',
    });
  });

  it('closes the simulators with the app: their ports are free again', async () => {
    const ports = [portOf((await settingsOf(demo.database, 'W2010'))!.url), portOf((await settingsOf(demo.database, 'W3010'))!.url)];
    expect(await Promise.all(ports.map(isFree))).toEqual([false, false]);
    // Before the restarts below, an operator points the local warehouse at a VRS of their own.
    const { headers } = await signIn(demo.app, DEMO_USERS.admin);
    const put = await demo.app.inject({
      method: 'PUT',
      url: '/api/integration/warehouses/W3010',
      headers,
      payload: { gs1CompanyPrefix: '0614141', extensionDigit: '6', printers: [], verification: OPERATOR_VRS },
    });
    expect(put.statusCode, put.body).toBe(200);
    await demo.app.close();
    expect(await Promise.all(ports.map(isFree))).toEqual([true, true]);
  });

  it("a restart keeps an operator's setting, and the demo's own follows its simulator to a new port", async () => {
    const before = regionalUrl;
    demo = await startDemoApp(config);
    regionalUrl = (await settingsOf(demo.database, 'W2010'))!.url;
    expect(regionalUrl).not.toBe(before);
    expect(await verify(demo.app, DEMO_INVENTORY.stock.loosePacks[1]!, 'RDC')).toMatchObject({ system: 'NMVS', verified: true });
    expect(await settingsOf(demo.database, 'W3010')).toMatchObject({ system: 'VRS', url: OPERATOR_VRS.url });
    expect(demo.messages.some((m) => /^demo: VRS simulator at \S+; W3010 keeps the verification setting it was given$/.test(m))).toBe(true);
    await demo.app.close();
  });

  it('a simulator set off (NMVS_SIMULATOR_PORT=off) does not run, and its warehouse keeps its setting', async () => {
    demo = await startDemoApp({ ...config, demoSimulators: { nmvsPort: null, vrsPort: 0 } });
    expect(demo.messages).toContain(
      'demo: the NMVS simulator is off (NMVS_SIMULATOR_PORT=off); the demo warehouse using it keeps its verification setting',
    );
    expect(demo.messages.filter((m) => m.startsWith('demo: NMVS simulator at'))).toEqual([]);
    expect(await settingsOf(demo.database, 'W2010')).toMatchObject({ system: 'NMVS', url: regionalUrl });
    expect(await isFree(portOf(regionalUrl))).toBe(true);
    await demo.app.close();
  });

  it('a port that is taken is a warning: the app starts without that simulator and the warehouse keeps its setting', async () => {
    const blocker = await holdPort();
    const taken = (blocker.address() as AddressInfo).port;
    try {
      demo = await startDemoApp({ ...config, demoSimulators: { nmvsPort: taken, vrsPort: 0 } });
      expect(demo.messages).toContain(
        `demo: port ${taken} is not free (EADDRINUSE): the NMVS simulator is not started and the demo warehouse using it keeps its ` +
          'verification setting. Free the port, or set NMVS_SIMULATOR_PORT to another (0: any free port).',
      );
      const health = await demo.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(await settingsOf(demo.database, 'W2010')).toMatchObject({ system: 'NMVS', url: regionalUrl });
      await demo.app.close();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe("the demo simulators' ports", () => {
  const env = {
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUDIT_KEY: 'audit-key-audit-key-audit-key-0123',
  };

  it('are 7081 and 7082 unless set; 0 takes any free port, off runs none', () => {
    expect(loadConfig(env).demoSimulators).toEqual({ nmvsPort: 7081, vrsPort: 7082 });
    expect(loadConfig({ ...env, NMVS_SIMULATOR_PORT: '0', VRS_SIMULATOR_PORT: 'off' }).demoSimulators).toEqual({
      nmvsPort: 0,
      vrsPort: null,
    });
    expect(loadConfig({ ...env, NMVS_SIMULATOR_PORT: '' }).demoSimulators.nmvsPort).toBe(7081);
    expect(() => loadConfig({ ...env, NMVS_SIMULATOR_PORT: '70810', VRS_SIMULATOR_PORT: 'none' })).toThrow(
      'Invalid environment:\n  NMVS_SIMULATOR_PORT: must be a TCP port (0-65535) or off\n  VRS_SIMULATOR_PORT: must be a TCP port (0-65535) or off',
    );
  });
});

describe.each(DATABASES)('a demo database started with SEED_DEMO=false on %s', (kind) => {
  it('runs no simulator and sets no warehouse', async () => {
    const ports = await Promise.all([holdPort(), holdPort()]);
    const [nmvsPort, vrsPort] = ports.map((server) => (server.address() as AddressInfo).port);
    await Promise.all(ports.map((server) => new Promise((resolve) => server.close(resolve))));
    const opened = await openTestDatabase(kind, {
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NMVS_SIMULATOR_PORT: String(nmvsPort),
      VRS_SIMULATOR_PORT: String(vrsPort),
    });
    try {
      // The demo warehouse, seeded earlier; this start asks for no demo.
      await prepareDatabase(opened.config, opened.database);
      await seedDemoIfEmpty(opened.database.db);
      const started = await startDemoApp(opened.config, opened.database);
      expect(started.messages.filter((m) => m.startsWith('demo:'))).toEqual([]);
      expect(await started.database.db.selectFrom('verification_settings').selectAll().execute()).toEqual([]);
      expect(await Promise.all([isFree(nmvsPort!), isFree(vrsPort!)])).toEqual([true, true]);
      await started.app.close();
    } finally {
      await opened.drop();
    }
  });
});
