import { createServer, type AddressInfo, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { packScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 26, replayed (decision 0055): a printer set on a loopback address or on a port that is no
 * printer's (Redis, 6379) made the server open a raw TCP connection there and write label bytes.
 * Without PRINTER_ALLOW_LOOPBACK, such a printer is refused when it is configured, and a printer row
 * stored before the guard existed is refused when a label is sent to it: no connection is made, the
 * failed print is audited.
 */
describe.each(DATABASES)('printers behind an allow-list on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  /** Listeners on loopback: one on a port of PRINTER_PORTS, one on a port that is not ("Redis"). */
  let printerPort: Server;
  let redis: Server;
  const connections = { printerPort: 0, redis: 0 };
  let ports: { printer: number; redis: number };

  const listen = async (count: () => void): Promise<Server> => {
    const server = createServer((socket) => {
      count();
      socket.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  };

  beforeAll(async () => {
    printerPort = await listen(() => connections.printerPort++);
    redis = await listen(() => connections.redis++);
    ports = { printer: (printerPort.address() as AddressInfo).port, redis: (redis.address() as AddressInfo).port };
    // The production default: no PRINTER_ALLOW_LOOPBACK.
    t = await startTestApp(kind, { PRINTER_PORTS: `9100,${ports.printer}` });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
  });
  afterAll(async () => {
    printerPort?.close();
    redis?.close();
    await t?.close();
  });

  const setup = (printers: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/integration/warehouses/W2010',
      headers: admin,
      payload: { gs1CompanyPrefix: '0614141', extensionDigit: '5', printers },
    });
  const storedPrinters = () =>
    t.database.db.selectFrom('warehouse_printers').select(['name', 'host', 'port']).where('warehouse_no', '=', 'W2010').execute();

  it('configuring a printer on loopback, link-local, unspecified or this server’s own address: 422 naming it, nothing stored', async () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((i) => !i.internal && i.family === 'IPv4')
      .map((i) => i.address);
    const hosts = ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '::', ...own];
    for (const host of hosts) {
      const res = await setup([{ name: 'Sneaky', host, port: ports.printer }]);
      expect(res.statusCode, host).toBe(422);
      expect(res.json().code).toBe('PRINTER_ADDRESS_NOT_ALLOWED');
      expect(res.json().message).toMatch(new RegExp(`^Printer Sneaky \\(${host.replace(/[.]/g, '\\.')}:${ports.printer}\\) is refused: `));
    }
    expect(await storedPrinters()).toEqual([]);
  });

  it('configuring a printer on a port not on PRINTER_PORTS (Redis, 6379): 422 naming the allowed ports, nothing stored', async () => {
    const res = await setup([
      { name: 'Dock 1', host: '10.20.30.40', port: 9100 },
      { name: 'Redis', host: '10.20.30.40', port: 6379 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'PRINTER_PORT_NOT_ALLOWED',
      message: `Printer Redis (10.20.30.40:6379) is refused: port 6379 is not a printer port on this server (allowed: 9100, ${ports.printer}; set by the operator in PRINTER_PORTS).`,
    });
    expect(await storedPrinters()).toEqual([]);
  });

  it('a host that is no host name or IP address is refused; a printer of the network on an allowed port is taken', async () => {
    const bad = await setup([{ name: 'Dock 1', host: 'zebra;FLUSHALL', port: 9100 }]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      code: 'PRINTER_HOST_INVALID',
      message: 'Printer Dock 1 is refused: "zebra;FLUSHALL" is not a host name or an IP address.',
    });
    const ok = await setup([
      { name: 'Dock 1', host: '10.20.30.40', port: 9100 },
      { name: 'Dock 2', host: 'zebra-dock2.warehouse.example', port: 9100 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(await storedPrinters()).toEqual([
      { name: 'Dock 1', host: '10.20.30.40', port: 9100 },
      { name: 'Dock 2', host: 'zebra-dock2.warehouse.example', port: 9100 },
    ]);
  });

  it('printers stored before the guard existed: the print is refused, no connection is made, the failure is audited', async () => {
    // As an older version let the integration API store them.
    await t.database.db
      .insertInto('warehouse_printers')
      .values([
        { warehouse_no: 'W2010', name: 'Redis', host: '127.0.0.1', port: ports.redis },
        { warehouse_no: 'W2010', name: 'Loop', host: '127.0.0.1', port: ports.printer },
        { warehouse_no: 'W2010', name: 'Local', host: 'localhost', port: ports.printer },
        { warehouse_no: 'W2010', name: 'Mapped', host: '::ffff:127.0.0.1', port: ports.printer },
      ])
      .execute();
    const pallet = await t.database.db
      .selectFrom('handling_units')
      .select('sscc')
      .where('type', '=', 'PLT')
      .where('warehouse_no', '=', 'W2010')
      .orderBy('sscc')
      .executeTakeFirstOrThrow();
    const sscc = pallet.sscc!;
    const prints = () => t.database.db.selectFrom('label_prints').select('id').where('sscc', '=', sscc).execute();
    const printsBefore = (await prints()).length;

    const expected = {
      Redis: 'PRINTER_PORT_NOT_ALLOWED',
      Loop: 'PRINTER_ADDRESS_NOT_ALLOWED',
      Local: 'PRINTER_ADDRESS_NOT_ALLOWED',
      Mapped: 'PRINTER_ADDRESS_NOT_ALLOWED',
    };
    for (const [printer, code] of Object.entries(expected)) {
      const res = await t.app.inject({ method: 'POST', url: '/api/printLabel', headers: rdc, payload: { sscc, format: 'ZPL', printer } });
      expect(res.statusCode, printer).toBe(422);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toMatch(new RegExp(`^Printer ${printer} \\(`));
    }
    // The pack label takes the same path.
    const pack = DEMO_INVENTORY.stock.loosePacks[1]!;
    const packRes = await t.app.inject({
      method: 'POST',
      url: '/api/printPackLabel',
      headers: rdc,
      payload: { code: packScan(pack), format: 'ZPL', printer: 'Redis' },
    });
    expect(packRes.statusCode).toBe(422);
    expect(packRes.json().code).toBe('PRINTER_PORT_NOT_ALLOWED');

    // Nothing reached either listener, and no label was recorded.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toEqual({ printerPort: 0, redis: 0 });
    expect(await prints()).toHaveLength(printsBefore);

    // Each failed print in the audit trail: who, which printer, why.
    const failed = await t.database.db
      .selectFrom('audit_log as a')
      .innerJoin('users as u', 'u.id', 'a.actor_id')
      .select(['u.email', 'a.entity_id', 'a.after_json', 'a.reason'])
      .where('a.entity', '=', 'label')
      .where('a.action', '=', 'print-failed')
      .orderBy('a.id')
      .execute();
    expect(failed.map((f) => [f.email, f.entity_id, JSON.parse(f.after_json!).printer, JSON.parse(f.after_json!).code])).toEqual([
      [DEMO_USERS.rdc, sscc, 'Redis', 'PRINTER_PORT_NOT_ALLOWED'],
      [DEMO_USERS.rdc, sscc, 'Loop', 'PRINTER_ADDRESS_NOT_ALLOWED'],
      [DEMO_USERS.rdc, sscc, 'Local', 'PRINTER_ADDRESS_NOT_ALLOWED'],
      [DEMO_USERS.rdc, sscc, 'Mapped', 'PRINTER_ADDRESS_NOT_ALLOWED'],
      [DEMO_USERS.rdc, `${pack.gtin}/${pack.serial}`, 'Redis', 'PRINTER_PORT_NOT_ALLOWED'],
    ]);
    expect(failed[0]!.reason).toMatch(/^Printer Redis \(127\.0\.0\.1:\d+\) is refused: port \d+ is not a printer port on this server/);
    expect(JSON.parse(failed[1]!.after_json!)).toEqual({
      format: 'ZPL',
      dpi: 203,
      printer: 'Loop',
      host: '127.0.0.1',
      port: ports.printer,
      code: 'PRINTER_ADDRESS_NOT_ALLOWED',
    });
  });
});
