import { connect } from 'node:net';
import { withCheckDigit } from '@pharma/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseVrsAnswer, verificationUrl, connectivityUrl, VrsConnectivityAnswer, type VrsAnswer, type VrsRequest } from '../vrs/wire.ts';
import type { VrsPackInput } from './vrs-registry.ts';
import { startVrsSimulator, type VrsSimulator } from './vrs-server.ts';

const GTIN = '09506000134352';
const OTHER_GTIN = withCheckDigit('0950600013436');
const REQUESTER = withCheckDigit('061414100001');
const RESPONDER = withCheckDigit('061414199999');

function request(change: Partial<VrsRequest> = {}): VrsRequest {
  return {
    gtin: GTIN,
    serial: 'SN1',
    lot: 'LOT1',
    expiry: '271231',
    reqGLN: REQUESTER,
    corrUUID: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
    context: 'dscsaSaleableReturn',
    ...change,
  };
}

const PACKS: VrsPackInput[] = [
  { gtin: GTIN, serial: 'SN1', batch: 'LOT1', expiry: '271231' },
  { gtin: GTIN, serial: 'RECALLED/1', batch: 'LOT1', expiry: '271231', state: 'RECALLED' },
  { gtin: GTIN, serial: 'SUSPECT1', batch: 'LOT1', expiry: '271231', state: 'SUSPECT' },
  { gtin: GTIN, serial: 'EXPIRED1', batch: 'LOT1', expiry: '271231', state: 'EXPIRED' },
  { gtin: GTIN, serial: 'GONE1', batch: 'LOT1', expiry: '271231', state: 'DECOMMISSIONED' },
  { gtin: OTHER_GTIN, serial: 'SN1', batch: 'L+2', expiry: '280600' },
];

async function post(simulator: VrsSimulator, path: string, body: unknown): Promise<Response> {
  return fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The control API's reason for a refusal. */
async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

/** A GET written by hand, for a request target fetch would not send. */
function rawGet(simulator: VrsSimulator, target: string): Promise<string> {
  const { hostname, port } = new URL(simulator.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: simulator\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

async function verify(simulator: VrsSimulator, asked: VrsRequest, headers: Record<string, string> = {}): Promise<VrsAnswer> {
  const response = await fetch(verificationUrl(simulator.url, asked), { headers });
  expect(response.status).toBe(200);
  return parseVrsAnswer(await response.text());
}

describe('the VRS simulator over HTTP', () => {
  let simulator: VrsSimulator;

  beforeAll(async () => {
    simulator = await startVrsSimulator({ responderGLN: RESPONDER });
  });
  afterAll(() => simulator.close());
  beforeEach(async () => {
    expect((await post(simulator, '/_sim/reset', {})).status).toBe(204);
    expect(await (await post(simulator, '/_sim/packs', PACKS)).json()).toEqual({ loaded: PACKS.length });
  });

  it.each([
    ['an unknown serial', request({ serial: 'NOPE' }), { verified: false, verificationFailureReason: 'No_match_GTIN_Serial' }],
    [
      'an unknown GTIN',
      request({ gtin: withCheckDigit('0000000000001') }),
      { verified: false, verificationFailureReason: 'No_match_GTIN_Serial' },
    ],
    ['another lot', request({ lot: 'LOT2' }), { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Lot' }],
    ['another expiry', request({ expiry: '271130' }), { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Expiry' }],
    [
      'another lot and expiry',
      request({ lot: 'LOT2', expiry: '271130' }),
      { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Lot_Expiry' },
    ],
    [
      'a recalled pack',
      request({ serial: 'RECALLED/1' }),
      { verified: false, verificationFailureReason: 'Manufacturer_policy', additionalInfo: 'Recalled' },
    ],
    [
      'a suspect pack',
      request({ serial: 'SUSPECT1' }),
      { verified: false, verificationFailureReason: 'Not_for_re-distribution', additionalInfo: 'Suspect' },
    ],
    ['an expired pack', request({ serial: 'EXPIRED1' }), { verified: true, additionalInfo: 'Expired' }],
    ['a decommissioned pack', request({ serial: 'GONE1' }), { verified: false, verificationFailureReason: 'Not_for_re-distribution' }],
    ['an active pack', request(), { verified: true }],
    ['a lot with a plus sign and expiry day 00', request({ gtin: OTHER_GTIN, lot: 'L+2', expiry: '280630' }), { verified: true }],
  ])('answers %s: %j', async (_, asked, data) => {
    const answer = await verify(simulator, asked);
    expect(answer).toMatchObject({ responderGLN: RESPONDER, corrUUID: asked.corrUUID, data });
    expect(answer.data).toEqual(data);
  });

  it('answers JSON that is never cached, with the request corrUUID and the time it answered', async () => {
    const before = Date.now();
    const response = await fetch(verificationUrl(simulator.url, request()));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const answer = parseVrsAnswer(await response.text());
    expect(answer.corrUUID).toBe(request().corrUUID);
    expect(Date.parse(answer.verificationTimestamp)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts the numeric Digital Link path and gs1:verificationService', async () => {
    const query = `17=271231&linkType=gs1:verificationService&context=dscsaSaleableReturn&reqGLN=${REQUESTER}&corrUUID=${request().corrUUID}`;
    const response = await fetch(`${simulator.url}/verify/01/${GTIN}/10/LOT1/21/SN1?${query}`);
    expect(response.status).toBe(200);
    expect(parseVrsAnswer(await response.text()).data).toEqual({ verified: true });
  });

  it.each([
    ['reqGLN', REQUESTER, REQUESTER.slice(0, 12) + String((Number(REQUESTER.slice(12)) + 1) % 10), 'reqGLN must be a GLN'],
    ['reqGLN', `reqGLN=${REQUESTER}`, 'reqGLN=ABC', 'reqGLN must be a GLN'],
    ['corrUUID', request().corrUUID, 'not-a-uuid', 'corrUUID must be a UUID'],
    ['GTIN', `/gtin/${GTIN}/`, '/gtin/09506000134353/', 'gtin must be 14 digits with a valid GS1 check digit'],
    ['GTIN', `/gtin/${GTIN}/`, '/gtin/9506000134352/', 'gtin must be 14 digits'],
  ])('answers 400 for a bad %s (%s becoming %s)', async (_, from, to, message) => {
    const response = await fetch(verificationUrl(simulator.url, request()).replace(from, to));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain(message);
  });

  it('answers checkConnectivity with the responder GLN, and 400 for a bad reqGLN', async () => {
    const response = await fetch(connectivityUrl(simulator.url, { reqGLN: REQUESTER, gtin: GTIN }));
    expect(response.status).toBe(200);
    expect(VrsConnectivityAnswer.parse(await response.json())).toEqual({ responderGLN: RESPONDER });
    const bad = await fetch(`${simulator.url}/checkConnectivity?reqGLN=123`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('reqGLN must be a GLN');
  });

  it('answers 400 for a request target that is no path', async () => {
    const response = await rawGet(simulator, '//');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response).toContain('the request target "//" is no path');
    expect((await verify(simulator, request())).data.verified).toBe(true);
  });

  it('answers 404 for an unknown path and 405 for a verification that is no GET', async () => {
    expect((await fetch(`${simulator.url}/nothing`)).status).toBe(404);
    const posted = await fetch(verificationUrl(simulator.url, request()), { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });

  describe('faults', () => {
    it('down: the connection is dropped with no answer', async () => {
      expect(await (await post(simulator, '/_sim/faults', { mode: 'down' })).json()).toMatchObject({ mode: 'down' });
      await expect(fetch(verificationUrl(simulator.url, request()))).rejects.toThrow();
      await expect(fetch(connectivityUrl(simulator.url, { reqGLN: REQUESTER }))).rejects.toThrow();
      await post(simulator, '/_sim/faults', { mode: 'ok' });
      expect((await verify(simulator, request())).data.verified).toBe(true);
    });

    it('error: HTTP 500', async () => {
      await post(simulator, '/_sim/faults', { mode: 'error' });
      const response = await fetch(verificationUrl(simulator.url, request()));
      expect(response.status).toBe(500);
    });

    it('slow: the answer comes after delayMs', async () => {
      expect(await (await post(simulator, '/_sim/faults', { mode: 'slow', delayMs: 300 })).json()).toEqual({ mode: 'slow', delayMs: 300 });
      const started = performance.now();
      const answer = await verify(simulator, request());
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(answer.data.verified).toBe(true);
    });

    it('slow waits 5 seconds unless told; a bad fault is refused', async () => {
      expect(await (await post(simulator, '/_sim/faults', { mode: 'slow' })).json()).toEqual({ mode: 'slow', delayMs: 5000 });
      const bad = await post(simulator, '/_sim/faults', { mode: 'broken' });
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toContain('a fault is');
    });

    it('leaves the control API alone, and reset clears the fault', async () => {
      await post(simulator, '/_sim/faults', { mode: 'down' });
      expect((await fetch(`${simulator.url}/_sim/packs/${GTIN}/SN1`)).status).toBe(200);
      await post(simulator, '/_sim/reset', {});
      expect((await fetch(connectivityUrl(simulator.url, { reqGLN: REQUESTER }))).status).toBe(200);
    });
  });

  describe('control API', () => {
    it('loads packs and reads one back with the history of the requests that reached it', async () => {
      await post(simulator, '/_sim/clock', { now: '2027-03-01T08:00:00+01:00' });
      const answer = await verify(simulator, request({ serial: 'RECALLED/1' }));
      expect(answer.verificationTimestamp).toBe('2027-03-01T07:00:00.000Z');
      await verify(simulator, request({ serial: 'RECALLED/1', lot: 'LOT9', corrUUID: '00000000-0000-4000-8000-000000000001' }));
      const read = await fetch(`${simulator.url}/_sim/packs/${GTIN}/${encodeURIComponent('RECALLED/1')}`);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({
        state: 'RECALLED',
        reasons: [],
        history: [
          {
            at: '2027-03-01T07:00:00.000Z',
            code: 'verify',
            corrUUID: request().corrUUID,
            user: REQUESTER,
            returnCode: 'Manufacturer_policy',
            verified: false,
            additionalInfo: 'Recalled',
          },
          {
            at: '2027-03-01T07:00:00.000Z',
            code: 'verify',
            corrUUID: '00000000-0000-4000-8000-000000000001',
            user: REQUESTER,
            returnCode: 'No_match_GTIN_Serial_Lot',
            verified: false,
          },
        ],
      });
    });

    it('sets the clock and gives it back to real time', async () => {
      expect(await (await post(simulator, '/_sim/clock', { now: '2030-01-01T00:00:00Z' })).json()).toEqual({
        now: '2030-01-01T00:00:00.000Z',
      });
      expect((await verify(simulator, request())).verificationTimestamp).toBe('2030-01-01T00:00:00.000Z');
      const real = await fetch(`${simulator.url}/_sim/clock`, { method: 'DELETE' });
      expect(Math.abs(Date.parse(((await real.json()) as { now: string }).now) - Date.now())).toBeLessThan(5000);
      const bad = await post(simulator, '/_sim/clock', { now: 'tomorrow' });
      expect(bad.status).toBe(400);
    });

    it('answers 404 for a pack it does not know, and reset forgets packs', async () => {
      expect((await fetch(`${simulator.url}/_sim/packs/${GTIN}/NOPE`)).status).toBe(404);
      await post(simulator, '/_sim/reset', {});
      expect((await fetch(`${simulator.url}/_sim/packs/${GTIN}/SN1`)).status).toBe(404);
      expect((await verify(simulator, request())).data.verificationFailureReason).toBe('No_match_GTIN_Serial');
    });

    it('answers 400 with a message for a body that is no JSON or packs that break a rule', async () => {
      const notJson = await post(simulator, '/_sim/packs', '[{"gtin": ');
      expect(notJson.status).toBe(400);
      expect(await errorOf(notJson)).toMatch(/^the body is not JSON: /);
      const badPack = await post(simulator, '/_sim/packs', [{ ...PACKS[0], expiry: '271399' }]);
      expect(badPack.status).toBe(400);
      expect(await errorOf(badPack)).toContain('pack 0: exp must be a date YYMMDD');
      const notArray = await post(simulator, '/_sim/packs', { gtin: GTIN });
      expect(await errorOf(notArray)).toContain('packs must be a JSON array');
    });
  });
});

describe('the VRS simulator with a secret', () => {
  let simulator: VrsSimulator;

  beforeAll(async () => {
    simulator = await startVrsSimulator({ secret: 's3cret', packs: PACKS, maxBodyBytes: 1024 });
  });
  afterAll(() => simulator.close());

  it('answers 401 without the bearer token or with another, and verifies with it', async () => {
    const url = verificationUrl(simulator.url, request());
    const none = await fetch(url);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(url, { headers: { Authorization: 'Bearer other' } })).status).toBe(401);
    expect((await fetch(connectivityUrl(simulator.url, { reqGLN: REQUESTER }))).status).toBe(401);
    expect((await verify(simulator, request(), { Authorization: 'Bearer s3cret' })).data).toEqual({ verified: true });
  });

  it('loads the packs it was started with, and limits the size of a JSON body (413)', async () => {
    expect((await fetch(`${simulator.url}/_sim/packs/${GTIN}/SN1`)).status).toBe(200);
    const big = await post(simulator, '/_sim/packs', JSON.stringify(Array.from({ length: 20 }, () => PACKS[0])));
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe('the body is larger than 1024 bytes');
  });

  it('refuses to start with a responder GLN that is no GLN', async () => {
    await expect(startVrsSimulator({ responderGLN: '1234567890123' })).rejects.toThrow('responderGLN must be 13 digits');
  });
});
