import { describe, expect, it } from 'vitest';
import type { NmvsCredentials, NmvsProduct, NmvsRequest } from '../nmvs/wire.ts';
import { NmvsPackError, NmvsRegistry, type NmvsPackInput } from './nmvs-registry.ts';

const CLIENT: NmvsCredentials = { clientLoginId: 'WH01', userId: 'RDC1', password: 'first-password' };
const SAME_CLIENT_OTHER_USER: NmvsCredentials = { clientLoginId: 'WH01', userId: 'RDC2', password: 'second-password' };
const OTHER_CLIENT: NmvsCredentials = { clientLoginId: 'WH02', userId: 'LDC1', password: 'third-password' };
const PRODUCT: NmvsProduct = { gtin: '04150123456782', batch: 'B123', expiry: '270531' };
const DAY_MS = 24 * 60 * 60 * 1000;
const ALERT_ID = /^NMVS-ALERT-[0-9A-F]{12}$/;

function packs(): NmvsPackInput[] {
  return [
    { ...PRODUCT, serial: 'SN0001' },
    { ...PRODUCT, serial: 'SN0002' },
    { ...PRODUCT, serial: 'SN0003' },
    { ...PRODUCT, batch: 'B999', serial: 'SN0100' },
    { ...PRODUCT, serial: 'SN0200', reasons: ['RECALLED'] },
    { ...PRODUCT, serial: 'SN0300', state: 'INACTIVE', reasons: ['EXPORTED'] },
  ];
}

/** A registry on a hand-moved clock; bulk jobs wait in `pending` until `runJobs()`. */
function setup() {
  let realTime = Date.parse('2026-03-02T08:00:00.000Z');
  let nextId = 0;
  const pending: Array<() => void> = [];
  const registry = new NmvsRegistry({
    clients: [CLIENT, SAME_CLIENT_OTHER_USER, OTHER_CLIENT],
    now: () => new Date(realTime),
    randomHex: (length) => (nextId++).toString(16).toUpperCase().padStart(length, '0'),
    runInBackground: (work) => void pending.push(work),
  });
  registry.load(packs());
  let trx = 0;
  const request = (code: string, serials: string[], overrides: Partial<NmvsRequest> = {}): NmvsRequest => ({
    code,
    credentials: CLIENT,
    clientTrxId: `TRX-${++trx}`,
    product: PRODUCT,
    serials,
    ...overrides,
  });
  return {
    registry,
    request,
    advance: (ms: number) => void (realTime += ms),
    runJobs: () => pending.splice(0).forEach((work) => work()),
  };
}

describe('NMVS registry: single packs', () => {
  it('verifies an active pack: NMVS_SUCCESS, ACTIVE, the product echoed, a 32-character NMVSTrxId', () => {
    const { registry, request } = setup();
    const answer = registry.handle(request('G110', ['SN0001']));
    expect(answer).toMatchObject({ code: 'G110', clientTrxId: 'TRX-1', returnCode: 'NMVS_SUCCESS', product: PRODUCT });
    expect(answer.nmvsTrxId).toHaveLength(32);
    expect(answer.alertId).toBeUndefined();
    expect(answer.packs).toEqual([expect.objectContaining({ serial: 'SN0001', state: 'ACTIVE', reasons: [], returnCode: 'NMVS_SUCCESS' })]);
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.history).toEqual([
      {
        at: '2026-03-02T08:00:00.000Z',
        code: 'G110',
        clientTrxId: 'TRX-1',
        client: 'WH01',
        user: 'RDC1',
        returnCode: 'NMVS_SUCCESS',
        state: 'ACTIVE',
        reasons: [],
      },
    ]);
  });

  it.each([
    ['an unknown product code', { gtin: '04150999999994' }, 'SN0001', 'NMVS_NC_PC_01', false],
    ['an unknown serial number', {}, 'NOPE', 'NMVS_NC_PC_02', true],
    ['a batch the product does not have', { batch: 'NOSUCH' }, 'SN0001', 'NMVS_FE_LOT_03', true],
    ["another batch of the product than the pack's", { batch: 'B999' }, 'SN0001', 'NMVS_FE_LOT_13', true],
    ["an expiry date other than the batch's", { expiry: '270600' }, 'SN0001', 'NMVS_FE_LOT_12', true],
  ])('refuses %s with %s', (_case, productChange, serial, returnCode, alert) => {
    const { registry, request } = setup();
    const answer = registry.handle(request('G110', [serial], { product: { ...PRODUCT, ...productChange } }));
    expect(answer.returnCode).toBe(returnCode);
    expect(answer.returnDesc).not.toBe('');
    if (alert) expect(answer.alertId).toMatch(ALERT_ID);
    else expect(answer.alertId).toBeUndefined();
    expect(answer.packs[0]?.returnCode).toBe(returnCode);
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.state).toBe('ACTIVE');
  });

  it('keeps the alert id of a refusal in the pack history', () => {
    const { registry, request } = setup();
    const answer = registry.handle(request('G130', ['SN0001'], { product: { ...PRODUCT, batch: 'B999' } }));
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.history).toEqual([
      expect.objectContaining({ returnCode: 'NMVS_FE_LOT_13', alertId: answer.alertId }),
    ]);
  });

  it.each([
    ['G120', 'SUPPLIED'],
    ['G130', 'DESTROYED'],
    ['G140', 'EXPORTED'],
    ['G150', 'SAMPLE'],
    ['G160', 'FREESAMPLE'],
    ['G170', 'LOCKED'],
    ['G180', 'STOLEN'],
  ])('%s decommissions an active pack as INACTIVE / %s', (code, reason) => {
    const { registry, request } = setup();
    const answer = registry.handle(request(code, ['SN0001']));
    expect(answer.returnCode).toBe('NMVS_SUCCESS');
    expect(answer.packs[0]).toMatchObject({ state: 'INACTIVE', reasons: [reason] });
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'INACTIVE', reasons: [reason] });
  });

  it('refuses to decommission an inactive pack (NMVS_NC_PCK_22 with an alert), the state unchanged', () => {
    const { registry, request } = setup();
    registry.handle(request('G130', ['SN0001']));
    const answer = registry.handle(request('G140', ['SN0001']));
    expect(answer).toMatchObject({ returnCode: 'NMVS_NC_PCK_22', alertId: expect.stringMatching(ALERT_ID) });
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
  });

  it('answers NMVS_NC_PCK_22 without an alert when the batch was recalled', () => {
    const { registry, request } = setup();
    const answer = registry.handle(request('G130', ['SN0200']));
    expect(answer.returnCode).toBe('NMVS_NC_PCK_22');
    expect(answer.alertId).toBeUndefined();
    expect(registry.handle(request('G110', ['SN0200'])).packs[0]).toMatchObject({ state: 'INACTIVE', reasons: ['RECALLED'] });
  });
});

describe('NMVS registry: undo', () => {
  it('undoes an export by the same user within 10 days: ACTIVE again', () => {
    const { registry, request, advance } = setup();
    registry.handle(request('G140', ['SN0001']));
    advance(10 * DAY_MS - 1000);
    const answer = registry.handle(request('G141', ['SN0001'], { refClientTrxId: 'TRX-1' }));
    expect(answer.returnCode).toBe('NMVS_SUCCESS');
    expect(answer.packs[0]).toMatchObject({ state: 'ACTIVE', reasons: [] });
    expect(registry.handle(request('G140', ['SN0001'])).returnCode).toBe('NMVS_SUCCESS');
  });

  it('refuses an undo after 10 days (NMVS_NC_PCK_20), measured on the simulated clock', () => {
    const { registry, request } = setup();
    registry.handle(request('G140', ['SN0001']));
    registry.setClock(new Date(Date.parse('2026-03-02T08:00:00.000Z') + 10 * DAY_MS + 1000));
    const answer = registry.handle(request('G141', ['SN0001']));
    expect(answer).toMatchObject({ returnCode: 'NMVS_NC_PCK_20', alertId: expect.stringMatching(ALERT_ID) });
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'INACTIVE', reasons: ['EXPORTED'] });
  });

  it('refuses an undo by another user of the same client (NMVS_NC_PCK_21)', () => {
    const { registry, request } = setup();
    registry.handle(request('G120', ['SN0001']));
    expect(registry.handle(request('G121', ['SN0001'], { credentials: SAME_CLIENT_OTHER_USER })).returnCode).toBe('NMVS_NC_PCK_21');
  });

  it('refuses to undo a state no user of ours set (NMVS_NC_PCK_21)', () => {
    const { registry, request } = setup();
    expect(registry.handle(request('G141', ['SN0300'])).returnCode).toBe('NMVS_NC_PCK_21');
  });

  it('refuses an undo that does not match the pack state (NMVS_NC_PCK_06)', () => {
    const { registry, request } = setup();
    expect(registry.handle(request('G141', ['SN0001'])).returnCode).toBe('NMVS_NC_PCK_06');
    registry.handle(request('G120', ['SN0001']));
    expect(registry.handle(request('G141', ['SN0001'])).returnCode).toBe('NMVS_NC_PCK_06');
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'INACTIVE', reasons: ['SUPPLIED'] });
  });

  it('refuses an undo naming another transaction than the decommission (NMVS_NC_PCK_06)', () => {
    const { registry, request } = setup();
    registry.handle(request('G170', ['SN0001']));
    expect(registry.handle(request('G171', ['SN0001'], { refClientTrxId: 'TRX-999' })).returnCode).toBe('NMVS_NC_PCK_06');
    expect(registry.handle(request('G171', ['SN0001'], { refClientTrxId: 'TRX-1' })).returnCode).toBe('NMVS_SUCCESS');
  });

  it('has no undo for destroy or stolen: G131 and G181 are not use cases', () => {
    const { registry, request } = setup();
    registry.handle(request('G130', ['SN0001']));
    registry.handle(request('G180', ['SN0002']));
    expect(registry.handle(request('G131', ['SN0001'])).returnCode).toBe('NMVS_TE_XM_02');
    expect(registry.handle(request('G181', ['SN0002'])).returnCode).toBe('NMVS_TE_XM_02');
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.reasons).toEqual(['DESTROYED']);
    expect(registry.read(PRODUCT.gtin, 'SN0002')?.reasons).toEqual(['STOLEN']);
  });
});

describe('NMVS registry: transactions and credentials', () => {
  it('answers a repeated ClientTrxId with NMVS_TE_TX_01 and applies nothing again', () => {
    const { registry, request } = setup();
    const first = request('G140', ['SN0001']);
    registry.handle(first);
    registry.handle(request('G141', ['SN0001']));
    const again = registry.handle(first);
    expect(again).toMatchObject({ code: 'G140', clientTrxId: first.clientTrxId, returnCode: 'NMVS_TE_TX_01', packs: [] });
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.state).toBe('ACTIVE');
    const history = registry.read(PRODUCT.gtin, 'SN0001')?.history ?? [];
    expect(history.map((entry) => [entry.code, entry.returnCode])).toEqual([
      ['G140', 'NMVS_SUCCESS'],
      ['G141', 'NMVS_SUCCESS'],
      ['G140', 'NMVS_TE_TX_01'],
    ]);
  });

  it('keeps ClientTrxIds apart per client', () => {
    const { registry, request } = setup();
    registry.handle(request('G110', ['SN0001'], { clientTrxId: 'SHARED' }));
    expect(registry.handle(request('G110', ['SN0001'], { clientTrxId: 'SHARED', credentials: OTHER_CLIENT })).returnCode).toBe(
      'NMVS_SUCCESS',
    );
  });

  it.each([
    ['a wrong password', { ...CLIENT, password: 'wrong-password' }],
    ['an unknown user', { ...CLIENT, userId: 'NOBODY' }],
    ['an unknown client', { ...CLIENT, clientLoginId: 'WH99' }],
  ])('refuses %s with NMVS_FE_AU_01, applying nothing and keeping the ClientTrxId free', (_case, credentials) => {
    const { registry, request } = setup();
    const refused = request('G130', ['SN0001'], { credentials });
    expect(registry.handle(refused)).toMatchObject({ returnCode: 'NMVS_FE_AU_01', packs: [] });
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'ACTIVE', history: [] });
    expect(registry.handle({ ...refused, credentials: CLIENT }).returnCode).toBe('NMVS_SUCCESS');
  });

  it('accepts any credentials when no clients are configured', () => {
    const registry = new NmvsRegistry();
    registry.load(packs());
    const answer = registry.handle({ code: 'G110', credentials: OTHER_CLIENT, clientTrxId: 'ANY', product: PRODUCT, serials: ['SN0001'] });
    expect(answer.returnCode).toBe('NMVS_SUCCESS');
  });
});

describe('NMVS registry: bulk', () => {
  it('acknowledges a bulk destroy, answers G188 only once the job ran, with each pack judged by the single-pack rules', () => {
    const { registry, request, runJobs } = setup();
    registry.handle(request('G130', ['SN0003']));
    const ack = registry.handle(request('G135', ['SN0001', 'SN0002', 'SN0003', 'NOPE']));
    expect(ack).toMatchObject({ code: 'G135', returnCode: 'NMVS_SUCCESS', packs: [] });
    expect(ack.product).toBeUndefined();

    const poll = () => registry.handle(request('G188', [], { product: undefined, refNmvsTrxId: ack.nmvsTrxId }));
    expect(poll()).toMatchObject({ returnCode: 'NMVS_FE_TX_02', packs: [] });
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.state).toBe('ACTIVE');

    runJobs();
    const result = poll();
    expect(result).toMatchObject({ code: 'G188', reqType: 'G135', product: PRODUCT, returnCode: 'NMVS_SUCCESS' });
    expect(result.packs.map(({ serial, state, reasons, returnCode }) => ({ serial, state, reasons, returnCode }))).toEqual([
      { serial: 'SN0001', state: 'INACTIVE', reasons: ['DESTROYED'], returnCode: 'NMVS_SUCCESS' },
      { serial: 'SN0002', state: 'INACTIVE', reasons: ['DESTROYED'], returnCode: 'NMVS_SUCCESS' },
      { serial: 'SN0003', state: 'INACTIVE', reasons: ['DESTROYED'], returnCode: 'NMVS_NC_PCK_22' },
      { serial: 'NOPE', state: 'UNKNOWN', reasons: [], returnCode: 'NMVS_NC_PC_02' },
    ]);
    expect(result.packs[2]?.alertId).toMatch(ALERT_ID);
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.history).toEqual([
      expect.objectContaining({ code: 'G135', clientTrxId: ack.clientTrxId, returnCode: 'NMVS_SUCCESS' }),
    ]);
  });

  it('undoes a bulk export with G147 by the same user, within 10 days', () => {
    const { registry, request, runJobs, advance } = setup();
    const exported = request('G145', ['SN0001', 'SN0002']);
    registry.handle(exported);
    runJobs();
    advance(3 * DAY_MS);
    const undo = registry.handle(request('G147', ['SN0001', 'SN0002'], { refClientTrxId: exported.clientTrxId }));
    runJobs();
    const result = registry.handle(request('G188', [], { product: undefined, refNmvsTrxId: undo.nmvsTrxId }));
    expect(result.reqType).toBe('G147');
    expect(result.packs.map((pack) => [pack.serial, pack.state, pack.returnCode])).toEqual([
      ['SN0001', 'ACTIVE', 'NMVS_SUCCESS'],
      ['SN0002', 'ACTIVE', 'NMVS_SUCCESS'],
    ]);
  });

  it("refuses G188 for an unknown NMVSTrxId and for another client's job (NMVS_FE_TX_02)", () => {
    const { registry, request, runJobs } = setup();
    const ack = registry.handle(request('G115', ['SN0001']));
    runJobs();
    expect(registry.handle(request('G188', [], { product: undefined, refNmvsTrxId: 'F'.repeat(32) })).returnCode).toBe('NMVS_FE_TX_02');
    expect(
      registry.handle(request('G188', [], { product: undefined, refNmvsTrxId: ack.nmvsTrxId, credentials: OTHER_CLIENT })).returnCode,
    ).toBe('NMVS_FE_TX_02');
  });

  it('refuses a bulk of duplicate serials or of more than 100,000 packs (NMVS_TE_XM_02), starting no job', () => {
    const { registry, request, runJobs } = setup();
    expect(registry.handle(request('G135', ['SN0001', 'SN0001'])).returnCode).toBe('NMVS_TE_XM_02');
    const tooMany = Array.from({ length: 100_001 }, (_, index) => `S${index}`);
    expect(registry.handle(request('G135', tooMany)).returnCode).toBe('NMVS_TE_XM_02');
    runJobs();
    expect(registry.read(PRODUCT.gtin, 'SN0001')?.history).toEqual([]);
  });

  it('answers a repeated bulk ClientTrxId with NMVS_TE_TX_01 and starts no second job', () => {
    const { registry, request, runJobs } = setup();
    const bulk = request('G175', ['SN0001', 'SN0002']);
    registry.handle(bulk);
    runJobs();
    expect(registry.handle(bulk).returnCode).toBe('NMVS_TE_TX_01');
    runJobs();
    const history = registry.read(PRODUCT.gtin, 'SN0001')?.history ?? [];
    expect(history.map((entry) => entry.returnCode)).toEqual(['NMVS_SUCCESS', 'NMVS_TE_TX_01']);
  });
});

describe('NMVS registry: clock, reset and loading', () => {
  it('answers at a fixed instant once the clock is set, and at real time once it is cleared', () => {
    const { registry, request, advance } = setup();
    registry.setClock(new Date('2030-01-01T00:00:00.000Z'));
    advance(5000);
    expect(registry.handle(request('G110', ['SN0001'])).timestamp).toBe('2030-01-01T00:00:00.000Z');
    registry.setClock(null);
    expect(registry.now().toISOString()).toBe('2026-03-02T08:00:05.000Z');
  });

  it('forgets packs and used ClientTrxIds on reset', () => {
    const { registry, request } = setup();
    const verify = request('G110', ['SN0001']);
    registry.handle(verify);
    registry.reset();
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toBeUndefined();
    expect(registry.handle(request('G110', ['SN0001'])).returnCode).toBe('NMVS_NC_PC_01');
    registry.load(packs());
    expect(registry.handle(verify).returnCode).toBe('NMVS_SUCCESS');
  });

  it('reloads a known pack with its new state, keeping its history', () => {
    const { registry, request } = setup();
    registry.handle(request('G130', ['SN0001']));
    expect(registry.load([{ ...PRODUCT, serial: 'SN0001', reasons: ['RECALLED'] }])).toBe(1);
    expect(registry.read(PRODUCT.gtin, 'SN0001')).toMatchObject({ state: 'INACTIVE', reasons: ['RECALLED'], history: [{ code: 'G130' }] });
  });

  it.each([
    [{}, 'packs must be a JSON array'],
    [
      [
        { ...PRODUCT, serial: 'A1' },
        { ...PRODUCT, serial: 'A2', expiry: '2705' },
      ],
      'pack 1: expiry must be YYMMDD (day 00 allowed)',
    ],
    [[{ ...PRODUCT, serial: 'A1', gtin: '04150123456783' }], 'pack 0: gtin must be 14 digits with a correct check digit'],
    [[{ ...PRODUCT, serial: 'A1', state: 'GONE' }], 'pack 0: state must be ACTIVE or INACTIVE'],
    [[{ ...PRODUCT, serial: 'A1', reasons: ['BROKEN'] }], 'pack 0: reasons must be a list of'],
    [[{ ...PRODUCT, serial: 'A1', state: 'INACTIVE' }], 'pack 0: an INACTIVE pack needs a reason'],
    [[{ ...PRODUCT, serial: 'A1', state: 'ACTIVE', reasons: ['EXPIRED'] }], 'pack 0: an ACTIVE pack has no reasons'],
  ])('refuses to load %j, loading none', (input, message) => {
    const registry = new NmvsRegistry();
    expect(() => registry.load(input)).toThrow(NmvsPackError);
    expect(() => registry.load(input)).toThrow(message);
    expect(registry.read(PRODUCT.gtin, 'A1')).toBeUndefined();
  });
});
