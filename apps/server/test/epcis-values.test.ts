import { randomUUID } from 'node:crypto';
import { sgtinUri, ssccUri } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitRow } from '../src/db/schema.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { epcisDocument } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, rowCount, type TestApp } from './harness.ts';
import { makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * EPCIS values are GS1 values (issue 26, decision 0056). Each attack of the issue replayed through the
 * API: a document that breaks a GS1 rule is refused whole, naming the event and the field, and nothing
 * of it is stored; an event that would put a unit of one warehouse into another is refused naming the unit.
 * The rules are the AI table's (GS1 Barcode Syntax Dictionary: `10 X..20`, `21 X..20`, `17 N6,yymmd0`);
 * X is GS1 character set 82 (GenSpecs 7.11, Figure 7.11-1). Documents of more than 5 events are jobs here.
 */
describe.each(DATABASES)('EPCIS values and places on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const as: Record<string, Record<string, string>> = {};
  let all: Product[];
  let regionalPallet: UnitRow;
  let regionalPack: UnitRow;
  let announcedRegional: UnitRow;
  let announcedLocal: UnitRow;
  let localIbd: string;
  const IBD = '1910005601';

  beforeAll(async () => {
    t = await startTestApp(kind, { EPCIS_JOB_EVENTS: '5', EPCIS_CHUNK_EVENTS: '3' });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    for (const who of ['rdc', 'ldc'] as const) as[who] = (await signIn(t.app, DEMO_USERS[who])).headers;
    all = await products(t);
    await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/IBD/${IBD}`,
      headers: admin,
      payload: { warehouseNo: 'W2010', date: '2026-11-21', lines: [{ lineNo: 1, materialNo: all[0]!.materialNo, quantity: 100 }] },
    });
    const db = t.database.db;
    const inStock = db
      .selectFrom('handling_units')
      .selectAll()
      .where('warehouse_no', '=', 'W2010')
      .where('status', '=', 'ACTIVE')
      .where('parent_id', 'is', null);
    regionalPallet = await inStock.where('type', '=', 'PLT').orderBy('id').executeTakeFirstOrThrow();
    regionalPack = await inStock.where('type', '=', 'EA').where('serial', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const ibdOf = async (warehouseNo: string) =>
      (
        await db
          .selectFrom('documents')
          .select('number')
          .where('type', '=', 'IBD')
          .where('warehouse_no', '=', warehouseNo)
          .where('status', '=', 'Open')
          .orderBy('number')
          .executeTakeFirstOrThrow()
      ).number;
    localIbd = await ibdOf('W3010');
    const announced = async (number: string) =>
      db
        .selectFrom('handling_units as h')
        .innerJoin('document_units as du', 'du.unit_id', 'h.id')
        .innerJoin('documents as d', 'd.id', 'du.document_id')
        .selectAll('h')
        .where('d.number', '=', number)
        .where('h.sscc', 'is not', null)
        .where('h.warehouse_no', 'is', null)
        .where('h.parent_id', 'is', null)
        .orderBy('h.id')
        .executeTakeFirstOrThrow();
    announcedRegional = await announced(await ibdOf('W2010'));
    announcedLocal = await announced(localIbd);
  });
  afterAll(() => t?.close());

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: admin, payload });
  /** Everything an intake writes. */
  const stored = async () => ({
    units: await rowCount(t, 'handling_units'),
    events: await rowCount(t, 'epcis_events'),
    links: await rowCount(t, 'document_units'),
    batches: await rowCount(t, 'batches'),
    audit: await rowCount(t, 'audit_log'),
  });
  const finished = async (location: string) => {
    for (;;) {
      const job = (await t.app.inject({ method: 'GET', url: location, headers: admin })).json();
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const desadv = (number: string) => [{ type: 'desadv', bizTransaction: `urn:epcglobal:cbv:bt:8881234000001:${number}` }];
  const commissioning = (p: Product, epcList: string[], ilmd: Record<string, unknown> = lot(p), extra: object = {}) => ({
    type: 'ObjectEvent',
    eventTime: '2026-11-01T08:00:00Z',
    eventTimeZoneOffset: '+00:00',
    epcList,
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    ilmd,
    ...extra,
  });
  const aggregation = (parent: string, children: string[], extra: object = {}) => ({
    type: 'AggregationEvent',
    eventTime: '2026-11-01T08:00:00Z',
    eventTimeZoneOffset: '+00:00',
    parentID: parent,
    childEPCs: children,
    action: 'ADD',
    bizStep: 'packing',
    ...extra,
  });
  /** A good event first, so that "nothing stored" means the whole document was refused. */
  const withGoodFirst = (seed: number, bad: object) => {
    const p = all[0]!;
    const good = commissioning(
      p,
      makeCodes(seed)
        .packs(2, p)
        .map((x) => sgtinUri(x.gtin, x.serial)),
      lot(p),
      { bizTransactionList: desadv(IBD) },
    );
    return document([good, bad]);
  };
  /** A refused document: 400 with `code`, naming the event (its place, its eventID) and `field`; nothing of it stored. */
  const refused = async (payload: Doc, code: string, field: string) => {
    const index = payload.epcisBody.eventList.findIndex((e) => typeof e.eventID === 'string' && e.eventID.startsWith('urn:uuid:'));
    const event = index < 0 ? '#2' : `#${index + 1} (${String(payload.epcisBody.eventList[index]!.eventID)})`;
    const before = await stored();
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toContain(`Event ${event} was refused: ${field} `);
    expect(await stored()).toEqual(before);
    return res.json().message as string;
  };
  const packEpc = (serial: string) => sgtinUri(all[0]!.gtin, serial);
  const pallets = (seed: number) => {
    const codes = makeCodes(seed);
    return [0, 1, 2].map(() => codes.pallet(1, 2, all[0]!));
  };

  it('refuses a lot of 100,000 characters holding ^XZ^XA (the label attack) whole, naming event and field, storing nothing', async () => {
    const attack = ('^XZ^XA' + 'A'.repeat(100_000)).slice(0, 100_000);
    const bad = { ...badId(), ...commissioning(all[0]!, [packEpc('LBL01')], { 'cbvmda:lotNumber': attack }) };
    const text = await refused(withGoodFirst(5601, bad), 'EPCIS_VALUE_TOO_LONG', 'ilmd.cbvmda:lotNumber');
    expect(text).toContain('GS1 AI (10): at most 20 characters are allowed, found 100000');
    // The value is not echoed back.
    expect(text).not.toContain('^XZ');
    expect(text.length).toBeLessThan(300);
  });

  it('refuses a lot of 21 characters (AI 10 is X..20) and takes one of 20', async () => {
    const at = (length: number, serial: string) => ({
      ...badId(),
      ...commissioning(all[0]!, [packEpc(serial)], { 'cbvmda:lotNumber': 'L'.repeat(length), 'cbvmda:itemExpirationDate': '2028-06-30' }),
    });
    await refused(withGoodFirst(5602, at(21, 'LEN02')), 'EPCIS_VALUE_TOO_LONG', 'ilmd.cbvmda:lotNumber');
    const ok = await post(withGoodFirst(5603, at(20, 'LEN03')));
    expect(ok.statusCode, ok.body).toBe(200);
    const pack = await t.database.db.selectFrom('handling_units').selectAll().where('serial', '=', 'LEN03').executeTakeFirstOrThrow();
    expect(pack.batch_no).toBe('L'.repeat(20));
  });

  it.each([
    ['^', '"^"'],
    ['a space', '" "'],
    ['a carriage return', 'U+000D'],
    ['é', 'U+00E9'],
  ])('refuses a lot holding %s, outside GS1 character set 82', async (_name, shown) => {
    const char = { '"^"': '^', '" "': ' ', 'U+000D': '\r', 'U+00E9': 'é' }[shown]!;
    const bad = { ...badId(), ...commissioning(all[0]!, [packEpc('CHR04')], { 'cbvmda:lotNumber': `LOT${char}1` }) };
    const text = await refused(withGoodFirst(5604, bad), 'EPCIS_VALUE_BAD_CHARACTER', 'ilmd.cbvmda:lotNumber');
    expect(text).toContain(`GS1 AI (10) does not allow (${shown})`);
  });

  it('refuses a serial holding ~ in an SGTIN EPC URI (AI 21, set 82), naming its place in epcList', async () => {
    const p = all[0]!;
    const epcs = [packEpc('SER05'), packEpc('SER06'), `${sgtinUri(p.gtin, 'AB')}~1`];
    const bad = { ...badId(), ...commissioning(p, epcs) };
    const text = await refused(withGoodFirst(5605, bad), 'EPCIS_VALUE_BAD_CHARACTER', 'epcList[2]');
    expect(text).toContain('GS1 AI (21) does not allow ("~")');
    // Percent-encoded, the same character is the same serial (EPC Tag Data Standard 6.3.1).
    const encoded = { ...badId(), ...commissioning(p, [`${sgtinUri(p.gtin, 'AB')}%7E1`]) };
    await refused(withGoodFirst(5606, encoded), 'EPCIS_VALUE_BAD_CHARACTER', 'epcList[0]');
  });

  it('refuses an expiry that is no real day (2026-02-30)', async () => {
    const bad = {
      ...badId(),
      ...commissioning(all[0]!, [packEpc('EXP07')], { 'cbvmda:lotNumber': 'LOT7', 'cbvmda:itemExpirationDate': '2026-02-30' }),
    };
    const text = await refused(withGoodFirst(5607, bad), 'EPCIS_VALUE_BAD_DATE', 'ilmd.cbvmda:itemExpirationDate');
    expect(text).toContain(': 2026-02-30.');
  });

  it('checks every event, even one the product keeps without acting on it, and names an event without eventID by its place', async () => {
    const observe = {
      type: 'ObjectEvent',
      eventTime: '2026-11-01T08:00:00Z',
      eventTimeZoneOffset: '+00:00',
      epcList: [`${packEpc('OBS')}%5E08`],
      action: 'OBSERVE',
    };
    await refused(withGoodFirst(5608, observe), 'EPCIS_VALUE_BAD_CHARACTER', 'epcList[0]');
  });

  it('a large document (a job) with a bad lot fails as a whole before anything is applied, naming the event and the field', async () => {
    const doc = epcisDocument({ ibdNo: IBD, pallets: pallets(5609) }) as Doc;
    doc.epcisBody.eventList.push({
      ...badId(),
      ...commissioning(all[0]!, [packEpc('JOB09')], { 'cbvmda:lotNumber': '^XZ^XA' }),
    });
    const before = await stored();
    const res = await post(doc);
    expect(res.statusCode).toBe(202);
    const job = await finished(res.headers.location as string);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_VALUE_BAD_CHARACTER' } });
    expect(job.error.message).toMatch(
      /^Event #8 \(urn:uuid:[0-9a-f-]+\) was refused: ilmd\.cbvmda:lotNumber holds a character GS1 AI \(10\) does not allow \("\^"\)\.$/,
    );
    expect(await stored()).toEqual(before);
  });

  it('a job names the place of a bad serial in the whole list of a large event taken a part at a time', async () => {
    const doc = epcisDocument({ pallets: pallets(5610) }) as Doc;
    const epcList = doc.epcisBody.eventList[0]!.epcList as string[];
    expect(epcList).toHaveLength(6);
    epcList[4] = `${epcList[4]}~`;
    const before = await stored();
    const job = await finished((await post(doc)).headers.location as string);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_VALUE_BAD_CHARACTER' } });
    expect(job.error.message).toMatch(/^Event #1 was refused: epcList\[4\] /);
    expect(await stored()).toEqual(before);
  });

  describe('a unit of one warehouse is not put into another', () => {
    const sscc = (u: UnitRow) => ssccUri(u.sscc!);
    const found = async (who: 'rdc' | 'ldc', code: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${code}?area=${who.toUpperCase()}`, headers: as[who] });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { sscc: string }[]).map((u) => u.sscc);
    };
    const unchanged = async (u: UnitRow) => {
      const now = await t.database.db.selectFrom('handling_units').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
      expect(now).toEqual(u);
      expect(await found('rdc', u.sscc!)).toEqual([u.sscc]);
      expect(await found('ldc', u.sscc!)).toEqual([]);
    };

    it("refuses a regional pallet's SSCC aggregated under a local IBD: the pallet is unchanged, found by RDC and not by LDC", async () => {
      const p = all[0]!;
      const packs = makeCodes(5611).packs(1, p);
      for (const pallet of [regionalPallet, announcedRegional]) {
        const doc = document([
          commissioning(
            p,
            packs.map((x) => sgtinUri(x.gtin, x.serial)),
          ),
          {
            ...badId(),
            ...aggregation(
              sscc(pallet),
              packs.map((x) => sgtinUri(x.gtin, x.serial)),
              { bizTransactionList: desadv(localIbd) },
            ),
          },
        ]);
        const text = await refused(doc, 'EPCIS_UNIT_ELSEWHERE', 'parentID');
        expect(text).toContain(`(00) ${pallet.sscc} belongs to warehouse W2010 (RDC); this event would put it in warehouse W3010 (LDC).`);
        await unchanged(pallet);
      }
    });

    it('refuses a regional SSCC as the child of a new pallet on a local IBD, or of a local announced pallet', async () => {
      const fresh = makeCodes(5612).sscc();
      const underNew = document([
        {
          ...badId(),
          ...aggregation(ssccUri(fresh), [sscc(announcedRegional)], { bizTransactionList: desadv(localIbd) }),
        },
      ]);
      const text = await refused(underNew, 'EPCIS_UNIT_ELSEWHERE', 'childEPCs[0]');
      expect(text).toContain(`(00) ${announcedRegional.sscc} belongs to warehouse W2010 (RDC)`);
      const underLocal = document([{ ...badId(), ...aggregation(sscc(announcedLocal), [sscc(regionalPallet)]) }]);
      await refused(underLocal, 'EPCIS_UNIT_ELSEWHERE', 'childEPCs[0]');
      await unchanged(announcedRegional);
      await unchanged(regionalPallet);
    });

    it("refuses an ObjectEvent naming a regional pack for a local IBD: the pack stays the RDC's", async () => {
      const p = { ...all[0]!, gtin: regionalPack.gtin!, batch: regionalPack.batch_no!, expiry: regionalPack.expiry! };
      const doc = document([
        {
          ...badId(),
          ...commissioning(p, [sgtinUri(regionalPack.gtin!, regionalPack.serial!)], lot(p), { bizTransactionList: desadv(localIbd) }),
        },
      ]);
      const text = await refused(doc, 'EPCIS_UNIT_ELSEWHERE', 'epcList[0]');
      expect(text).toContain(`(01) ${regionalPack.gtin} (21) ${regionalPack.serial} belongs to warehouse W2010 (RDC)`);
      const now = await t.database.db.selectFrom('handling_units').selectAll().where('id', '=', regionalPack.id).executeTakeFirstOrThrow();
      expect(now).toEqual(regionalPack);
    });

    it('a job fails at such an event with the same error', async () => {
      const doc = epcisDocument({ pallets: pallets(5613) }) as Doc;
      const pack = packEpc('JOB13');
      doc.epcisBody.eventList.push(commissioning(all[0]!, [pack]), {
        ...badId(),
        ...aggregation(sscc(regionalPallet), [pack], { bizTransactionList: desadv(localIbd) }),
      });
      const job = await finished((await post(doc)).headers.location as string);
      expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_UNIT_ELSEWHERE' } });
      expect(job.error.message).toMatch(
        /^Event #9 \(urn:uuid:[0-9a-f-]+\) was refused: parentID \(00\) \d{18} belongs to warehouse W2010 \(RDC\)/,
      );
      await unchanged(regionalPallet);
    });

    it('refuses a pallet put under one of its own cartons: the loop would hold every walk of the tree forever', async () => {
      // Before: the request never ended, and on SQLite the whole server with it (every tree query loops).
      const carton = await t.database.db
        .selectFrom('handling_units')
        .selectAll()
        .where('parent_id', '=', regionalPallet.id)
        .where('sscc', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const doc = document([{ ...badId(), ...aggregation(sscc(carton), [sscc(regionalPallet)]) }]);
      const text = await refused(doc, 'EPCIS_EVENT_REFUSED', sscc(regionalPallet));
      expect(text).toContain(`cannot be put under ${carton.sscc}, which it contains`);
      await unchanged(regionalPallet);
    });

    it('still takes a notice that puts its own new units on a regional IBD, and the same notice again', async () => {
      const shipment = { ibdNo: IBD, pallets: [makeCodes(5614).pallet(2, 2, all[0]!)] };
      const first = await post(epcisDocument(shipment));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ applied: 4, unitsCreated: 7, linked: 1 });
      const again = await post(epcisDocument(shipment));
      expect(again.json()).toMatchObject({ applied: 0, duplicates: 4 });
    });
  });
});

type Doc = { epcisBody: { eventList: Record<string, unknown>[] } };

/** An eventID of its own: an event received once is skipped when sent again. */
function badId() {
  return { eventID: `urn:uuid:${randomUUID()}` };
}

function lot(p: Product) {
  return { 'cbvmda:lotNumber': p.batch, 'cbvmda:itemExpirationDate': p.expiry };
}

function document(eventList: object[]) {
  return {
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-01T08:00:00Z',
    epcisBody: { eventList: eventList as Record<string, unknown>[] },
  };
}
