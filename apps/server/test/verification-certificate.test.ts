import { readFileSync } from 'node:fs';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { yymmdd } from '../src/api/verification/verification.service.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { NMVS_TEST_CLIENT } from './verification-fixtures.ts';

/**
 * The NMVS client certificate (issue 28, decision 0081 "Client certificate"): the real NMVS takes a client
 * only with the TLS client certificate its NMVO issued, besides the credentials in each message. Set on
 * the warehouse through the integration API, checked on input, its key sealed and never answered nor
 * audited; presented to the NMVS simulator over HTTPS, which refuses any other in the handshake. The
 * certificates are the TEST ONLY ones of packages/national-systems/test-certs.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;

const CERTS = new URL('../../../packages/national-systems/test-certs/', import.meta.url);
const pem = (file: string) => readFileSync(new URL(file, CERTS), 'utf8');
const CA = pem('ca.pem');
const CLIENT = { chain: pem('client.pem'), privateKey: pem('client.key'), serverCa: CA };
const ISSUER = { gs1CompanyPrefix: '0614141', extensionDigit: '5', printers: [] };
/** What the answer and the audit row say of CLIENT (client.pem, made by make.sh). */
const SUMMARY = {
  subject: 'CN=TEST ONLY NMVS client WH2010, OU=W2010, O=TEST ONLY pharma-wms',
  issuer: 'CN=TEST ONLY client issuing CA, O=TEST ONLY pharma-wms',
  serialNumber: '1003',
  notAfter: '2125-12-31T23:59:59.000Z',
  serverCa: ['CN=TEST ONLY root CA, O=TEST ONLY pharma-wms'],
};
/** A key's body, as it would show if it leaked anywhere (a line of its base64). */
const KEY_LINE = CLIENT.privateKey.split('\n')[1]!;

describe.each(DATABASES)('the NMVS client certificate on %s', (kind) => {
  let t: TestApp;
  let nmvs: Nmvs;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let packs: PackSpec[];
  /** The test's own client of the simulator's control API, behind the same certificate gate. */
  const control = new Agent({ connect: { cert: CLIENT.chain, key: CLIENT.privateKey, ca: CA } });

  const setup = (verification: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/integration/warehouses/W2010', headers: admin, payload: { ...ISSUER, verification } });
  const nmvsSetting = (certificate?: unknown, url = nmvs.url) => ({
    system: 'NMVS',
    url,
    clientId: NMVS_TEST_CLIENT.clientLoginId,
    user: NMVS_TEST_CLIENT.userId,
    secret: NMVS_TEST_CLIENT.password,
    ...(certificate === undefined ? {} : { certificate }),
  });
  const verify = (pack: PackSpec) =>
    t.app.inject({ method: 'POST', url: '/api/verifyPack?area=RDC', headers: rdc, payload: { code: packScan(pack) } });
  const stored = () =>
    t.database.db.selectFrom('verification_settings').selectAll().where('warehouse_no', '=', 'W2010').executeTakeFirstOrThrow();
  async function history(pack: PackSpec): Promise<{ code: string; clientTrxId: string }[]> {
    const res = await fetch(`${nmvs.url}/_sim/packs/${pack.gtin}/${encodeURIComponent(pack.serial)}`, { dispatcher: control });
    expect(res.status).toBe(200);
    return ((await res.json()) as { history: { code: string; clientTrxId: string }[] }).history;
  }
  async function requestRow(id: string): Promise<Record<string, unknown>> {
    const res = await t.app.inject({ method: 'GET', url: '/api/verificationRequests?area=RDC', headers: rdc });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Record<string, unknown>[]).find((row) => row.id === id)!;
  }

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({
      port: kind === 'sqlite' ? 3610 : 3612,
      clients: [NMVS_TEST_CLIENT],
      tls: { cert: pem('server.pem'), key: pem('server.key'), ca: CA },
    });
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const rows = await t.database.db
      .selectFrom('handling_units')
      .select(['gtin', 'serial', 'batch_no', 'expiry'])
      .where('warehouse_no', '=', 'W2010')
      .where('type', '=', 'EA')
      .where('status', '=', 'ACTIVE')
      .where('gtin', 'is not', null)
      .orderBy('serial')
      .limit(4)
      .execute();
    packs = rows.map((r) => ({ gtin: r.gtin!, serial: r.serial!, batch: r.batch_no!, expiry: r.expiry! }));
    expect(packs).toHaveLength(4);
    nmvs.registry.load(packs.map((p) => ({ gtin: p.gtin, serial: p.serial, batch: p.batch, expiry: yymmdd(p.expiry) })));
  });
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
    await control.close();
  });

  it('refuses a certificate that cannot work, saying what is wrong, and stores nothing', async () => {
    const refusals: [string, unknown, string, string][] = [
      [
        'not PEM',
        { ...CLIENT, chain: 'MIIC…' },
        'VERIFICATION_CERTIFICATE_NOT_PEM',
        'The client certificate is not PEM certificates (-----BEGIN CERTIFICATE-----): give the certificate first, then the CAs that issued it.',
      ],
      [
        'a key not PEM',
        { ...CLIENT, privateKey: 'not a key' },
        'VERIFICATION_CERTIFICATE_KEY_NOT_PEM',
        'The private key is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----): take it out of its PKCS#12 file with openssl pkcs12 -nocerts -nodes.',
      ],
      [
        'a key of another certificate',
        { ...CLIENT, privateKey: pem('other-client.key') },
        'VERIFICATION_CERTIFICATE_KEY_MISMATCH',
        `The private key is not the key of the client certificate ${SUMMARY.subject}: give the key it was issued for.`,
      ],
      [
        'an expired certificate',
        { ...CLIENT, chain: pem('client-expired.pem'), privateKey: pem('client-expired.key') },
        'VERIFICATION_CERTIFICATE_EXPIRED',
        'The certificate CN=TEST ONLY expired NMVS client, OU=W2010, O=TEST ONLY pharma-wms expired on 2000-12-31T23:59:59.000Z: give the renewed client certificate.',
      ],
      [
        'a server certificate',
        { ...CLIENT, chain: pem('server.pem'), privateKey: pem('server.key') },
        'VERIFICATION_CERTIFICATE_NOT_CLIENT',
        'The certificate CN=localhost, O=TEST ONLY pharma-wms is not for client authentication (its extended key usage has no clientAuth): give the NMVS client certificate.',
      ],
      [
        'a chain in the wrong order',
        {
          ...CLIENT,
          chain: CLIENT.chain
            .split(/(?<=-----END CERTIFICATE-----\n)/)
            .reverse()
            .join(''),
        },
        'VERIFICATION_CERTIFICATE_NOT_CHAIN',
        'The certificate CN=TEST ONLY client issuing CA, O=TEST ONLY pharma-wms was not issued by the certificate after it: give the client certificate first, then each CA that issued the one before.',
      ],
      [
        'a server CA not PEM',
        { ...CLIENT, serverCa: 'a CA' },
        'VERIFICATION_CERTIFICATE_CA_NOT_PEM',
        "The server CA is not PEM certificates (-----BEGIN CERTIFICATE-----): give the CAs that issued the NMVS's server certificate.",
      ],
    ];
    for (const [what, certificate, code, message] of refusals) {
      const res = await setup(nmvsSetting(certificate));
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ code, message });
    }
    // Presented only over TLS, and only to an NMVS (the request's schema).
    expect((await setup(nmvsSetting(CLIENT, nmvs.url.replace('https:', 'http:')))).statusCode).toBe(400);
    expect((await setup({ system: 'VRS', url: nmvs.url, certificate: CLIENT })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('verification_settings').selectAll().where('warehouse_no', '=', 'W2010').execute()).toEqual([]);
  });

  it('set, the answer names the certificate; its key is sealed at rest, never answered nor audited; left out it stays', async () => {
    const set = await setup(nmvsSetting(CLIENT));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ updated: true, verification: { certificate: SUMMARY } });

    const row = await stored();
    expect(row.client_key_sealed).toMatch(/^v1\./);
    expect(row.client_certificate).toBe(CLIENT.chain);
    expect(row.server_ca).toBe(CA);
    expect(JSON.stringify(row)).not.toContain(KEY_LINE);

    // Left out, the stored certificate stays (and is answered again).
    const kept = await setup(nmvsSetting());
    expect(kept.json()).toEqual({ updated: true, verification: { certificate: SUMMARY } });
    expect((await stored()).client_key_sealed).toBe(row.client_key_sealed);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'label-setup')
      .where('entity_id', '=', 'W2010')
      .orderBy('id')
      .execute();
    expect(JSON.stringify(audit)).not.toContain(KEY_LINE);
    expect(JSON.stringify(audit)).not.toContain('PRIVATE KEY');
    expect(audit.map((entry) => JSON.parse(entry.after_json!).verification.certificate)).toEqual([SUMMARY, SUMMARY]);
  });

  it('verifies a pack against the NMVS over HTTPS, presenting the certificate: G110 answered', async () => {
    const pack = packs[0]!;
    const res = await verify(pack);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      system: 'NMVS',
      verified: true,
      outcome: 'verified',
      returnCode: 'NMVS_SUCCESS',
      message: 'The NMVS verified the pack: it is active (NMVS_SUCCESS).',
    });
    const trxId = (res.json().requestId as string).replace(/-/g, '');
    expect(await history(pack)).toEqual([expect.objectContaining({ code: 'G110', clientTrxId: trxId })]);
  });

  it("another CA's certificate: the NMVS refuses the handshake, and the request fails at once, saying so, never sent again", async () => {
    const other = { chain: pem('other-client.pem'), privateKey: pem('other-client.key'), serverCa: CA };
    const set = await setup(nmvsSetting(other));
    expect(set.json().verification.certificate).toMatchObject({ subject: 'CN=TEST ONLY client of another CA, O=TEST ONLY elsewhere' });
    const pack = packs[1]!;
    const res = await verify(pack);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      system: 'NMVS',
      verified: null,
      state: 'FAILED',
      outcome: 'failed',
      message:
        "The NMVS cannot take this request (the connection was refused in the TLS handshake, ECONNRESET; check the warehouse's client certificate): it is not sent again.",
    });
    // Longer than the first retry's wait (1 s at most): a refused handshake is not tried again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await requestRow(res.json().requestId as string)).toMatchObject({ state: 'failed', outcome: 'failed', attempts: 1 });
    expect(await history(pack)).toEqual([]);
  });

  it("without a certificate: the NMVS's server certificate (of a CA not public) is not trusted, and the request fails saying so", async () => {
    const removed = await setup(nmvsSetting(null));
    expect(removed.json()).toEqual({ updated: true });
    expect(await stored()).toMatchObject({ client_certificate: null, client_key_sealed: null, server_ca: null });
    const pack = packs[2]!;
    const res = await verify(pack);
    expect(res.json()).toMatchObject({
      state: 'FAILED',
      outcome: 'failed',
      message:
        "The NMVS cannot take this request (its server certificate is not trusted, SELF_SIGNED_CERT_IN_CHAIN; give the CA that issued it as the certificate's serverCa): it is not sent again.",
    });
    expect(await history(pack)).toEqual([]);

    // Set again, the same pack verifies: nothing of the refusals stays behind.
    expect((await setup(nmvsSetting(CLIENT))).statusCode).toBe(200);
    expect((await verify(pack)).json()).toMatchObject({ outcome: 'verified', returnCode: 'NMVS_SUCCESS' });
  });

  it('no private key reaches the log: set, refused, a pack verified and a handshake refused, logged at the finest level', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'trace' },
      database: openDatabase(t.config.database, t.config.audit.key),
      logStream: { write: (line) => void lines.push(line) },
    });
    await logged.ready();
    const put = (certificate: unknown) =>
      logged.inject({
        method: 'PUT',
        url: '/api/integration/warehouses/W2010',
        headers: admin,
        payload: { ...ISSUER, verification: nmvsSetting(certificate) },
      });
    const verifyLogged = (pack: PackSpec) =>
      logged.inject({ method: 'POST', url: '/api/verifyPack?area=RDC', headers: rdc, payload: { code: packScan(pack) } });
    const other = { chain: pem('other-client.pem'), privateKey: pem('other-client.key'), serverCa: CA };
    try {
      expect((await put({ ...CLIENT, chain: pem('other-client.pem') })).statusCode).toBe(400);
      expect((await put(other)).statusCode).toBe(200);
      expect((await verifyLogged(packs[3]!)).json().outcome).toBe('failed');
      expect((await put(CLIENT)).statusCode).toBe(200);
      expect((await verifyLogged(packs[3]!)).json().outcome).toBe('verified');
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/integration/warehouses/W2010');
    for (const key of [CLIENT.privateKey, other.privateKey]) expect(log).not.toContain(key.split('\n')[1]!);
    expect(log).not.toContain('PRIVATE KEY');
  });
});
