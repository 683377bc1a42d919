import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests, type Area } from './requests.ts';
import { makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The codes the README lists under a header line ('IBD 1800000101 (66 of 66):'), as a scanner sends them. */
function readmeCodes(header: string): string[] {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  const codes: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(']')) break;
    codes.push(line.replaceAll('<GS>', '\u001d'));
  }
  return codes;
}

/**
 * Issue 27, 'Choosing Pallet, Carton or Pack by hand for every code' (decision 0065): a scan that
 * names no unit type is decided by the server from the code and the unit on record, so a queued scan
 * is decided when it is sent; a picked unit type is still enforced.
 */
describe.each(DATABASES)('the level of a scan with no unit type on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let all: Product[];
  const IBD = '1900002701';
  let pallet: PalletSpec;
  let carton: CartonSpec;
  let other: CartonSpec;
  let packs: PackSpec[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    all = await products(t);
    const codes = makeCodes(2701);
    pallet = codes.pallet(2, 5, all[0]!);
    carton = codes.carton(6, all[1]!);
    other = codes.carton(4, all[1]!);
    packs = codes.packs(3, all[2]!);
    await stageInbound(t.app, admin, IBD, { pallets: [pallet], cartons: [carton, other], packs }, all);
  });
  afterAll(() => t?.close());

  const { get, post } = requests({ app: () => t.app, as: () => rdc });
  const scan = (payload: { docType?: string; docNo?: string; code: string; unit?: string; scanId?: string }, area: Area = 'RDC') =>
    post(
      '/api/scanForOperation',
      { docType: 'IBD', docNo: IBD, idType: 'GS1', scanId: randomUUID(), ...payload },
      area === 'LDC' ? ldc : rdc,
      area,
    );
  const lines = async (docNo = IBD) => (await get(`/api/ibdNo/${docNo}`)).json().data as { scannedQuantity: number }[];
  const scanned = async (docNo = IBD) => (await lines(docNo)).reduce((n, l) => n + l.scannedQuantity, 0);

  it("takes the README's IBD 1800000101 codes in order, each at its level: a pallet, a carton, then packs", async () => {
    const codes = readmeCodes('IBD 1800000101');
    expect(codes).toHaveLength(8);
    const types: string[] = [];
    for (const code of codes) {
      const res = await scan({ docNo: '1800000101', code });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      types.push(res.json().unit.type);
    }
    expect(types).toEqual(['PLT', 'CTN', 'EA', 'EA', 'EA', 'EA', 'EA', 'EA']);
    expect(await scanned('1800000101')).toBe(66);
  });

  it("takes the README's local OBD 8000000201 codes with no unit type on the local site", async () => {
    const types: string[] = [];
    for (const code of readmeCodes('OBD 8000000201')) {
      const res = await scan({ docType: 'OBD', docNo: '8000000201', code }, 'LDC');
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      types.push(res.json().unit.type);
    }
    expect(types).toEqual(['CTN', 'EA', 'EA', 'EA', 'EA']);
  });

  it('decides a pallet SSCC, a carton SSCC and a pack DataMatrix by what is on record, and answers a repeat alike', async () => {
    const id = randomUUID();
    const first = await scan({ code: ssccScan(carton.sscc), scanId: id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accepted: true, packs: 6, unit: { type: 'CTN', id: carton.sscc } });
    // A queued scan sent again (no answer reached the device): the first answer, nothing counted twice.
    const again = await scan({ code: ssccScan(carton.sscc), scanId: id });
    expect(again.json()).toEqual(first.json());
    const onPallet = await scan({ code: ssccScan(pallet.sscc) });
    expect(onPallet.json()).toMatchObject({ accepted: true, packs: 10, unit: { type: 'PLT', id: pallet.sscc } });
    const pack = await scan({ code: packScan(packs[0]!) });
    expect(pack.json()).toMatchObject({ accepted: true, packs: 1, unit: { type: 'EA', id: `${packs[0]!.gtin}/${packs[0]!.serial}` } });
    expect(await scanned()).toBe(17);
  });

  it('still enforces a picked unit type', async () => {
    const before = await lines();
    const wrong = await scan({ code: ssccScan(other.sscc), unit: 'PLT' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: 'UNIT_TYPE_MISMATCH', message: 'This code is a carton, not a pallet.' });
    const packAsPallet = await scan({ code: packScan(packs[1]!), unit: 'PLT' });
    expect(packAsPallet.statusCode).toBe(400);
    expect(packAsPallet.json().code).toBe('PACK_CODE_IN_SSCC_MODE');
    expect(await lines()).toEqual(before);
    const right = await scan({ code: ssccScan(other.sscc), unit: 'CTN' });
    expect(right.json()).toMatchObject({ accepted: true, unit: { type: 'CTN', id: other.sscc } });
  });

  it('asks for a pick only where a code names two units on record; one on record decides', async () => {
    const before = await lines();
    // An SSCC and a pack's GTIN + serial in one code, both units on record.
    const both = `]d200${carton.sscc}01${packs[1]!.gtin}21${packs[1]!.serial}`;
    const asked = await scan({ code: both });
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toEqual({
      code: 'UNIT_LEVEL_AMBIGUOUS',
      message: `This code names both SSCC ${carton.sscc} and pack ${packs[1]!.gtin}/${packs[1]!.serial}, and both are on record: choose Pallet, Carton or Pack, then scan it again.`,
    });
    expect(await lines()).toEqual(before);
    const picked = await scan({ code: both, unit: 'EA' });
    expect(picked.json()).toMatchObject({ accepted: true, unit: { type: 'EA', id: `${packs[1]!.gtin}/${packs[1]!.serial}` } });
    // An SSCC no unit carries beside a pack on record: the pack.
    const unknownSscc = makeCodes(2702).carton(1, all[2]!).sscc;
    const packOnly = await scan({ code: `]d200${unknownSscc}01${packs[2]!.gtin}21${packs[2]!.serial}` });
    expect(packOnly.json()).toMatchObject({ accepted: true, unit: { type: 'EA', id: `${packs[2]!.gtin}/${packs[2]!.serial}` } });
  });

  it('refuses with the reason a code that names no unit, or an SSCC not on record', async () => {
    const batchOnly = await scan({ code: `]d201${packs[0]!.gtin}10${packs[0]!.batch}` });
    expect(batchOnly.statusCode).toBe(400);
    expect(batchOnly.json()).toEqual({ code: 'SERIAL_NOT_RECOGNIZED', message: "Scanned item's serial number is not recognized" });
    const unknown = makeCodes(2703).carton(1, all[2]!).sscc;
    const notOnRecord = await scan({ code: ssccScan(unknown) });
    expect(notOnRecord.statusCode).toBe(422);
    expect(notOnRecord.json()).toEqual({ code: 'SSCC_NOT_RECOGNIZED', message: `Scanned SSCC ${unknown} is not recognized.` });
  });
});
