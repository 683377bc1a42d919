import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildNmvsRequest,
  parseNmvsAnswer,
  type NmvsAnswer,
  type NmvsCredentials,
  type NmvsProduct,
  type NmvsRequest,
} from '../nmvs/wire.ts';
import type { NmvsPackInput } from './nmvs-registry.ts';
import { startNmvsSimulator, type NmvsSimulator } from './nmvs-server.ts';

const SINGLE = '/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50';
const BULK = '/WS_BULK_TRANSACTIONS_V1/BulkServiceV50';
const CLIENT: NmvsCredentials = { clientLoginId: 'WH01', userId: 'RDC1', password: 'first-password' };
const OTHER_USER: NmvsCredentials = { clientLoginId: 'WH01', userId: 'RDC2', password: 'second-password' };
const PRODUCT: NmvsProduct = { gtin: '04150123456782', batch: 'B123', expiry: '270531' };
const PALLET = Array.from({ length: 4800 }, (_, index) => `PAL${String(index).padStart(6, '0')}`);
const DAY_MS = 24 * 60 * 60 * 1000;
const ALERT_ID = /^NMVS-ALERT-[0-9A-F]{12}$/;

function demoPacks(): NmvsPackInput[] {
  return [
    { ...PRODUCT, serial: 'SN0001' },
    { ...PRODUCT, serial: 'SN0002' },
    { ...PRODUCT, serial: 'A/B%1?' },
    { ...PRODUCT, batch: 'B999', serial: 'SN0100' },
    { ...PRODUCT, serial: 'SN0200', reasons: ['DESTROYED'] },
    ...PALLET.map((serial) => ({ ...PRODUCT, serial })),
  ];
}

let simulator: NmvsSimulator;
let trx = 0;

beforeAll(async () => {
  simulator = await startNmvsSimulator({ clients: [CLIENT, OTHER_USER], packs: demoPacks() });
});
afterAll(() => simulator.close());
afterEach(async () => {
  await control('POST', '/_sim/reset');
  await control('POST', '/_sim/packs', demoPacks());
});

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function pack(serial: string) {
  const { status, json } = await control('GET', `/_sim/packs/${PRODUCT.gtin}/${encodeURIComponent(serial)}`);
  expect(status).toBe(200);
  return json as {
    state: string;
    reasons: string[];
    history: Array<{ code: string; clientTrxId: string; user: string; returnCode: string }>;
  };
}

function request(code: string, serials: string[], overrides: Partial<NmvsRequest> = {}): NmvsRequest {
  return { code, credentials: CLIENT, clientTrxId: `TRX-${++trx}`, product: PRODUCT, serials, ...overrides };
}

async function post(path: string, xml: string): Promise<Response> {
  return fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
    body: xml,
  });
}

/** Sends a request over HTTP and reads the answer as the adapter would. */
async function send(nmvsRequest: NmvsRequest, path = nmvsRequest.serials.length === 1 ? SINGLE : BULK): Promise<NmvsAnswer> {
  const response = await post(path, buildNmvsRequest(nmvsRequest));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8');
  return parseNmvsAnswer(await response.text());
}

async function bulkResult(ack: NmvsAnswer): Promise<NmvsAnswer> {
  return send(request('G188', [], { product: undefined, refNmvsTrxId: ack.nmvsTrxId }), BULK);
}

describe('NMVS simulator: single packs over HTTP', () => {
  it('verifies an active pack (G110): NMVS_SUCCESS, ACTIVE, and the request in the history', async () => {
    const verify = request('G110', ['SN0001']);
    const answer = await send(verify);
    expect(answer).toMatchObject({ code: 'G110', clientTrxId: verify.clientTrxId, returnCode: 'NMVS_SUCCESS', product: PRODUCT });
    expect(answer.nmvsTrxId).toMatch(/^[0-9A-F]{32}$/);
    expect(answer.packs).toEqual([expect.objectContaining({ serial: 'SN0001', state: 'ACTIVE', reasons: [] })]);
    expect((await pack('SN0001')).history).toEqual([
      expect.objectContaining({ code: 'G110', clientTrxId: verify.clientTrxId, user: 'RDC1', returnCode: 'NMVS_SUCCESS' }),
    ]);
  });

  it('answers a v4.0 request on the V40 path in v4.0', async () => {
    const response = await post(
      '/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV40',
      buildNmvsRequest(request('G110', ['SN0001']), { version: '4.0' }),
    );
    const xml = await response.text();
    expect(xml).toContain('urn:types.nmvs.eu:v4.0');
    expect(parseNmvsAnswer(xml).returnCode).toBe('NMVS_SUCCESS');
  });

  it.each([
    ['an unknown product code', { gtin: '04150999999994' }, 'SN0001', 'NMVS_NC_PC_01', false],
    ['an unknown serial number', {}, 'NOPE', 'NMVS_NC_PC_02', true],
    ['a batch the product does not have', { batch: 'NOSUCH' }, 'SN0001', 'NMVS_FE_LOT_03', true],
    ["another batch of the product than the pack's", { batch: 'B999' }, 'SN0001', 'NMVS_FE_LOT_13', true],
    ["an expiry date other than the batch's", { expiry: '270600' }, 'SN0001', 'NMVS_FE_LOT_12', true],
  ])('refuses %s with %s', async (_case, productChange, serial, returnCode, alert) => {
    const answer = await send(request('G110', [serial], { product: { ...PRODUCT, ...productChange } }));
    expect(answer.returnCode).toBe(returnCode);
    if (alert) expect(answer.alertId).toMatch(ALERT_ID);
    else expect(answer.alertId).toBeUndefined();
  });

  it('refuses to destroy a destroyed pack (NMVS_NC_PCK_22, with an alert)', async () => {
    const answer = await send(request('G130', ['SN0200']));
    expect(answer).toMatchObject({ returnCode: 'NMVS_NC_PCK_22', alertId: expect.stringMatching(ALERT_ID) });
    expect(answer.packs[0]).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
    expect((await pack('SN0200')).history).toEqual([expect.objectContaining({ returnCode: 'NMVS_NC_PCK_22' })]);
  });

  it('refuses wrong credentials with NMVS_FE_AU_01 and applies nothing', async () => {
    const answer = await send(request('G130', ['SN0001'], { credentials: { ...CLIENT, password: 'not-the-password' } }));
    expect(answer.returnCode).toBe('NMVS_FE_AU_01');
    expect(await pack('SN0001')).toMatchObject({ state: 'ACTIVE', history: [] });
  });

  it('reads a serial with a slash, a percent sign and a question mark from the control API path', async () => {
    await send(request('G170', ['A/B%1?']));
    expect(await pack('A/B%1?')).toMatchObject({ state: 'INACTIVE', reasons: ['LOCKED'] });
  });
});

describe('NMVS simulator: undo over HTTP', () => {
  it('undoes an export within 10 days (G141) and refuses it after 10 days (NMVS_NC_PCK_20), by the clock set', async () => {
    const start = Date.parse('2026-03-02T08:00:00.000Z');
    await control('POST', '/_sim/clock', { now: new Date(start).toISOString() });
    const exported = request('G140', ['SN0001']);
    expect((await send(exported)).returnCode).toBe('NMVS_SUCCESS');
    await control('POST', '/_sim/clock', { now: new Date(start + 9 * DAY_MS).toISOString() });
    const undo = await send(request('G141', ['SN0001'], { refClientTrxId: exported.clientTrxId }));
    expect(undo).toMatchObject({ returnCode: 'NMVS_SUCCESS', timestamp: '2026-03-11T08:00:00.000Z' });
    expect((await pack('SN0001')).state).toBe('ACTIVE');

    expect((await send(request('G140', ['SN0002']))).returnCode).toBe('NMVS_SUCCESS');
    const { json } = await control('POST', '/_sim/clock', { now: new Date(start + 20 * DAY_MS).toISOString() });
    expect(json).toEqual({ now: '2026-03-22T08:00:00.000Z' });
    const late = await send(request('G141', ['SN0002']));
    expect(late).toMatchObject({ returnCode: 'NMVS_NC_PCK_20', alertId: expect.stringMatching(ALERT_ID) });
    expect(await pack('SN0002')).toMatchObject({ state: 'INACTIVE', reasons: ['EXPORTED'] });

    const { json: realTime } = await control('DELETE', '/_sim/clock');
    expect(Math.abs(Date.parse((realTime as { now: string }).now) - Date.now())).toBeLessThan(5000);
  });

  it('refuses an undo by another user (NMVS_NC_PCK_21)', async () => {
    await send(request('G120', ['SN0001']));
    expect((await send(request('G121', ['SN0001'], { credentials: OTHER_USER }))).returnCode).toBe('NMVS_NC_PCK_21');
    expect((await pack('SN0001')).reasons).toEqual(['SUPPLIED']);
  });

  it('has no undo for destroy: a G131 is outside the schema (NMVS_TE_XM_02) and the pack stays destroyed', async () => {
    const destroy = request('G130', ['SN0001']);
    await send(destroy);
    const undoXml = buildNmvsRequest(request('G120', ['SN0001'])).replaceAll('G120Request', 'G131Request');
    const answer = parseNmvsAnswer(await (await post(SINGLE, undoXml)).text());
    expect(answer.returnCode).toBe('NMVS_TE_XM_02');
    expect(await pack('SN0001')).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
  });
});

describe('NMVS simulator: never twice', () => {
  it('answers a resent ClientTrxId with NMVS_TE_TX_01, and the pack history holds one application', async () => {
    const destroy = request('G130', ['SN0001']);
    expect((await send(destroy)).returnCode).toBe('NMVS_SUCCESS');
    const again = await send(destroy);
    expect(again).toMatchObject({ clientTrxId: destroy.clientTrxId, returnCode: 'NMVS_TE_TX_01' });
    const { history } = await pack('SN0001');
    expect(history.filter((entry) => entry.returnCode === 'NMVS_SUCCESS')).toHaveLength(1);
    expect(history.map((entry) => entry.returnCode)).toEqual(['NMVS_SUCCESS', 'NMVS_TE_TX_01']);
  });
});

describe('NMVS simulator: bulk', () => {
  it('destroys a 4,800-pack pallet in one G135, then G188 answers NMVS_SUCCESS and INACTIVE/DESTROYED for each pack', async () => {
    const started = performance.now();
    const ack = await send(request('G135', PALLET));
    expect(ack).toMatchObject({ code: 'G135', returnCode: 'NMVS_SUCCESS', packs: [] });
    let result = await bulkResult(ack);
    while (result.returnCode === 'NMVS_FE_TX_02') result = await bulkResult(ack);
    const elapsedMs = performance.now() - started;
    expect(result).toMatchObject({ code: 'G188', reqType: 'G135', returnCode: 'NMVS_SUCCESS', product: PRODUCT });
    expect(result.packs.map((each) => each.serial)).toEqual(PALLET);
    expect(
      result.packs.every((each) => each.returnCode === 'NMVS_SUCCESS' && each.state === 'INACTIVE' && each.reasons.join() === 'DESTROYED'),
    ).toBe(true);
    for (const serial of [PALLET[0], PALLET[2400], PALLET[4799]] as string[]) {
      expect(await pack(serial)).toMatchObject({
        state: 'INACTIVE',
        reasons: ['DESTROYED'],
        history: [{ code: 'G135', clientTrxId: ack.clientTrxId }],
      });
    }
    // The bench asks under 2 s for the whole bulk decommission; leave room for a loaded machine.
    expect(elapsedMs).toBeLessThan(4000);
  });

  it('takes a bulk of 100,000 packs, the most one request may carry', { timeout: 60_000 }, async () => {
    const serials = Array.from({ length: 100_000 }, (_, index) => `BIG${String(index).padStart(17, '0')}`);
    const big = await startNmvsSimulator({ packs: serials.map((serial) => ({ ...PRODUCT, serial })) });
    try {
      const response = await fetch(`${big.url}${BULK}`, { method: 'POST', body: buildNmvsRequest(request('G175', serials)) });
      expect(parseNmvsAnswer(await response.text())).toMatchObject({ code: 'G175', returnCode: 'NMVS_SUCCESS' });
      const last = `${big.url}/_sim/packs/${PRODUCT.gtin}/${serials[99_999]}`;
      let view = (await (await fetch(last)).json()) as { reasons: string[] };
      while (view.reasons.length === 0) view = (await (await fetch(last)).json()) as { reasons: string[] };
      expect(view.reasons).toEqual(['LOCKED']);
    } finally {
      await big.close();
    }
  });

  it('answers G188 with NMVS_FE_TX_02 while the job runs', async () => {
    const slowJobs = await startNmvsSimulator({ packs: demoPacks(), bulkDelayMs: 300 });
    try {
      const sendTo = async (nmvsRequest: NmvsRequest, path: string) =>
        parseNmvsAnswer(await (await fetch(`${slowJobs.url}${path}`, { method: 'POST', body: buildNmvsRequest(nmvsRequest) })).text());
      const ack = await sendTo(request('G115', ['SN0001', 'SN0002']), BULK);
      const poll = () => sendTo(request('G188', [], { product: undefined, refNmvsTrxId: ack.nmvsTrxId }), BULK);
      expect((await poll()).returnCode).toBe('NMVS_FE_TX_02');
      await new Promise((resolve) => setTimeout(resolve, 400));
      const result = await poll();
      expect(result).toMatchObject({ returnCode: 'NMVS_SUCCESS', reqType: 'G115' });
      expect(result.packs.map((each) => [each.serial, each.state])).toEqual([
        ['SN0001', 'ACTIVE'],
        ['SN0002', 'ACTIVE'],
      ]);
    } finally {
      await slowJobs.close();
    }
  });

  it('refuses a bulk request on the single-pack service (NMVS_TE_XM_02), starting no job', async () => {
    const answer = await send(request('G135', ['SN0001', 'SN0002']), SINGLE);
    expect(answer).toMatchObject({ code: 'G135', returnCode: 'NMVS_TE_XM_02' });
    expect((await pack('SN0001')).history).toEqual([]);
  });
});

describe('NMVS simulator: what the wire cannot read', () => {
  it('answers XML that is not well-formed with NMVS_TE_XM_01, naming the G-code and ClientTrxId it could read', async () => {
    const broken = buildNmvsRequest(request('G130', ['SN0001'], { clientTrxId: 'BROKEN-1' })).replace('</urn1:Batch>', '');
    const response = await post(SINGLE, broken);
    expect(response.status).toBe(200);
    expect(parseNmvsAnswer(await response.text())).toMatchObject({ code: 'G130', clientTrxId: 'BROKEN-1', returnCode: 'NMVS_TE_XM_01' });
    expect((await pack('SN0001')).history).toEqual([]);
  });

  it('answers a body that is no XML at all with NMVS_TE_XM_01', async () => {
    const answer = parseNmvsAnswer(await (await post(SINGLE, 'hello')).text());
    expect(answer).toMatchObject({ code: 'G110', clientTrxId: 'UNKNOWN', returnCode: 'NMVS_TE_XM_01' });
  });

  it('answers well-formed XML outside the schema with NMVS_TE_XM_02', async () => {
    const noPack = buildNmvsRequest(request('G110', ['SN0001'])).replace(/<urn1:Pack [^>]*\/>/, '');
    expect(parseNmvsAnswer(await (await post(SINGLE, noPack)).text()).returnCode).toBe('NMVS_TE_XM_02');
  });

  it('refuses a body past the size limit (413) and other methods (405) and paths (404)', async () => {
    const small = await startNmvsSimulator({ maxBodyBytes: 1000 });
    try {
      const big = await fetch(`${small.url}${BULK}`, { method: 'POST', body: buildNmvsRequest(request('G135', PALLET.slice(0, 100))) });
      expect(big.status).toBe(413);
      expect((await fetch(`${small.url}${SINGLE}`)).status).toBe(405);
      expect((await fetch(`${small.url}/WS_SINGLE_TRANSACTIONS_V1/Other`, { method: 'POST', body: '' })).status).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('answers 400 for a request target that is no path, and keeps serving', async () => {
    const { hostname, port } = new URL(simulator.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.end(`POST // HTTP/1.1\r\nHost: simulator\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('the request target "//" is no path');
    expect((await send(request('G110', ['SN0001']))).returnCode).toBe('NMVS_SUCCESS');
  });
});

describe('NMVS simulator: faults', () => {
  it('down: the connection is dropped with no answer, and nothing is applied', async () => {
    expect(await control('POST', '/_sim/faults', { mode: 'down' })).toEqual({ status: 200, json: { mode: 'down', delayMs: 5000 } });
    await expect(send(request('G130', ['SN0001']))).rejects.toThrow();
    await control('POST', '/_sim/faults', { mode: 'ok' });
    expect(await pack('SN0001')).toMatchObject({ state: 'ACTIVE', history: [] });
  });

  it('error: HTTP 500, and nothing is applied', async () => {
    await control('POST', '/_sim/faults', { mode: 'error' });
    const response = await post(SINGLE, buildNmvsRequest(request('G130', ['SN0001'])));
    expect(response.status).toBe(500);
    await control('POST', '/_sim/faults', { mode: 'ok' });
    expect((await pack('SN0001')).state).toBe('ACTIVE');
  });

  it('slow: applied at once, answered after the delay; a resend meets its own ClientTrxId', async () => {
    await control('POST', '/_sim/faults', { mode: 'slow', delayMs: 300 });
    const destroy = request('G130', ['SN0001']);
    const started = performance.now();
    const answer = send(destroy);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await pack('SN0001')).state).toBe('INACTIVE');
    expect((await answer).returnCode).toBe('NMVS_SUCCESS');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await control('POST', '/_sim/faults', { mode: 'ok' });
    expect((await send(destroy)).returnCode).toBe('NMVS_TE_TX_01');
  });

  it('refuses a fault it does not know (400)', async () => {
    expect(await control('POST', '/_sim/faults', { mode: 'flaky' })).toMatchObject({ status: 400 });
  });
});

describe('NMVS simulator: control API', () => {
  it('loads packs, refuses a bad list with the reason, forgets everything on reset', async () => {
    expect(await control('POST', '/_sim/packs', [{ ...PRODUCT, serial: 'NEW1', state: 'INACTIVE', reasons: ['RECALLED'] }])).toEqual({
      status: 200,
      json: { loaded: 1 },
    });
    expect(await pack('NEW1')).toEqual({ state: 'INACTIVE', reasons: ['RECALLED'], history: [] });
    expect(await control('POST', '/_sim/packs', [{ ...PRODUCT, serial: 'NEW2', expiry: '27-05' }])).toEqual({
      status: 400,
      json: { error: 'pack 0: expiry must be YYMMDD (day 00 allowed)' },
    });
    expect((await control('POST', '/_sim/clock', { now: 'tomorrow' })).status).toBe(400);
    expect((await control('POST', '/_sim/reset')).status).toBe(204);
    expect((await control('GET', `/_sim/packs/${PRODUCT.gtin}/NEW1`)).status).toBe(404);
  });
});
