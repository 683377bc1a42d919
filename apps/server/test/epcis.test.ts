import { readFileSync, readdirSync } from 'node:fs';
import { sgtinUri } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { epcisDocument } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, rowCount, type TestApp } from './harness.ts';
import { makeCodes, products, type Product } from './inventory-fixtures.ts';

const FIXTURES = new URL('./fixtures/epcis/', import.meta.url);
const examples = readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonld') && f !== 'epcis-context.jsonld');

describe.each(DATABASES)('EPCIS 2.0 intake on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let all: Product[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    all = await products(t);
    for (const n of ['1910000001', '1910000002']) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/integration/documents/IBD/${n}`,
        headers: admin,
        payload: { warehouseNo: 'W2010', date: '2026-11-21', lines: [{ lineNo: 1, materialNo: all[0]!.materialNo, quantity: 100 }] },
      });
    }
  });
  afterAll(() => t?.close());

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: admin, payload: payload as object });
  const unitCount = () => rowCount(t, 'handling_units');

  it.each(examples)("GS1's own example %s validates; events the product does not act on are kept and counted", async (file) => {
    const doc = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'));
    const before = await unitCount();
    const res = await post(doc);
    const events = doc.epcisBody.eventList.length;
    if (res.statusCode === 200) {
      expect(res.json()).toMatchObject({ events });
      expect(res.json().applied + res.json().ignored + res.json().duplicates).toBe(events);
    } else {
      // Examples that commission or aggregate packs of GS1's example company: refused as unknown, by event.
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('EPCIS_EVENT_REFUSED');
      expect(res.json().message).toMatch(/^Event #\d+/);
    }
    expect(await unitCount()).toBe(before);
  });

  it('commissions packs, aggregates them carton > pallet and links them to the IBD by desadv', async () => {
    const codes = makeCodes(5);
    const pallet = codes.pallet(2, 5, all[0]!);
    const res = await post(epcisDocument({ ibdNo: '1910000001', pallets: [pallet] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ events: 4, applied: 4, ignored: 0, duplicates: 0, unitsCreated: 13, aggregated: 12, linked: 1 });
    const top = await t.database.db.selectFrom('handling_units').selectAll().where('sscc', '=', pallet.sscc).executeTakeFirstOrThrow();
    expect(top).toMatchObject({
      type: 'PLT',
      status: 'TRANSIT',
      reason: 'PENDING GR',
      material_no: all[0]!.materialNo,
      batch_no: all[0]!.batch,
    });
    const again = await post(epcisDocument({ ibdNo: '1910000001', pallets: [pallet] }));
    expect(again.json()).toMatchObject({ applied: 0, duplicates: 4, unitsCreated: 0 });
  });

  it('reads full CBV URNs and GS1 Digital Link URIs as well as compact terms and EPC URNs', async () => {
    const codes = makeCodes(6);
    const packs = codes.packs(2, all[1]!);
    const res = await post({
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-11-01T08:00:00Z',
      epcisBody: {
        eventList: [
          {
            type: 'ObjectEvent',
            eventTime: '2026-11-01T08:00:00Z',
            eventTimeZoneOffset: '+08:00',
            epcList: [`https://id.gs1.org/01/${packs[0]!.gtin}/21/${packs[0]!.serial}`, sgtinUri(packs[1]!.gtin, packs[1]!.serial)],
            action: 'ADD',
            bizStep: 'urn:epcglobal:cbv:bizstep:commissioning',
            disposition: 'urn:epcglobal:cbv:disp:active',
            ilmd: { 'urn:epcglobal:cbv:mda#lotNumber': packs[0]!.batch, 'urn:epcglobal:cbv:mda#itemExpirationDate': packs[0]!.expiry },
            bizTransactionList: [{ type: 'urn:epcglobal:cbv:btt:desadv', bizTransaction: 'urn:epcglobal:cbv:bt:8881234000001:1910000002' }],
          },
        ],
      },
    });
    expect(res.json()).toMatchObject({ unitsCreated: 2, linked: 2 });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [
      'a document that breaks the schema',
      () => ({ type: 'EPCISDocument', epcisBody: { eventList: [{ type: 'ObjectEvent' }] } }),
      'EPCIS_INVALID',
      /not valid/,
    ],
    [
      'a bad URI',
      (p: Product) => one({ epcList: ['urn:epc:id:sgtin:bogus'], ilmd: lot(p) }),
      'EPCIS_EVENT_REFUSED',
      /Event #1 was refused: urn:epc:id:sgtin:bogus is not/,
    ],
    [
      'a wrong check digit in a Digital Link',
      (p: Product) =>
        one({ epcList: [`https://id.gs1.org/01/${p.gtin.slice(0, 13)}${(Number(p.gtin[13]) + 1) % 10}/21/X1`], ilmd: lot(p) }),
      'EPCIS_EVENT_REFUSED',
      /is not an SGTIN/,
    ],
    [
      'an unknown GTIN',
      () => one({ epcList: ['urn:epc:id:sgtin:0614141.107346.2017'], ilmd: { 'cbvmda:lotNumber': 'L1' } }),
      'EPCIS_EVENT_REFUSED',
      /GTIN 10614141073464 .* is not a known material/,
    ],
  ])('refuses %s with 400 naming the event, and changes nothing', async (_name, build, code, text) => {
    const before = await unitCount();
    const res = await post(build(all[2]!));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(text);
    expect(await unitCount()).toBe(before);
  });

  it('refuses a child that is already under another parent, and rolls back the whole document', async () => {
    const codes = makeCodes(7);
    const carton = codes.carton(3, all[3]!);
    expect((await post(epcisDocument({ cartons: [carton] }))).statusCode).toBe(200);
    const other = codes.carton(1, all[3]!);
    const before = await unitCount();
    const doc = epcisDocument({ cartons: [{ sscc: other.sscc, packs: [...other.packs, carton.packs[0]!] }] });
    const res = await post(doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already under another parent/);
    expect(await unitCount()).toBe(before);
  });
});

function lot(p: Product) {
  return { 'cbvmda:lotNumber': p.batch, 'cbvmda:itemExpirationDate': p.expiry };
}

function one(event: Record<string, unknown>) {
  return {
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-01T08:00:00Z',
    epcisBody: {
      eventList: [{ type: 'ObjectEvent', eventTime: '2026-11-01T08:00:00Z', eventTimeZoneOffset: '+00:00', action: 'ADD', ...event }],
    },
  };
}
