import type { DocumentType } from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { EpcisService } from '../api/integration/epcis.service.ts';
import { IntakeService } from '../api/integration/intake.service.ts';
import { CompleteService } from '../api/scans/complete.service.ts';
import { ScanService } from '../api/scans/scans.service.ts';
import { CodeMaker, epcisDocument, ssccScan, type Shipment } from './epcis-builder.ts';

/**
 * Demo stock and documents, put in through the same services the ERP and EPCIS intake use, and
 * moved on through the same scan and complete services the handhelds use.
 */
export const DEMO_IBDS = {
  open: '1800000101',
  openSecond: '1800000102',
  inProgress: '1800000103',
  completed: '1800000104',
  local: '1800000201',
} as const;

const DAY = '2026-11-20';

export async function seedInventory(db: Db, actorId: string): Promise<void> {
  const intake = new IntakeService(db);
  const epcis = new EpcisService(db);
  const scans = new ScanService(db);
  const complete = new CompleteService(db);
  const codes = new CodeMaker(4242);
  const materials = await db.selectFrom('materials').selectAll().orderBy('material_no').execute();
  const batches = await db.selectFrom('batches').selectAll().orderBy('material_no').orderBy('batch_no').execute();
  const product = (i: number) => {
    const m = materials[i]!;
    const b = batches.find((x) => x.material_no === m.material_no)!;
    return { materialNo: m.material_no, gtin: m.gtin!, batch: b.batch_no, expiry: b.expiry! };
  };

  await db
    .insertInto('warehouse_partners')
    .values([
      { warehouse_no: 'W2010', partner_id: 'V100200', role: 'SUPPLIER', name: 'Meridian Pharma Manufacturing' },
      { warehouse_no: 'W2010', partner_id: 'V100310', role: 'PRINCIPAL', name: 'Northbay Life Sciences' },
      { warehouse_no: 'W3010', partner_id: 'C300450', role: 'CUSTOMER', name: 'Harbourfront General Hospital' },
      { warehouse_no: 'W3010', partner_id: 'C300460', role: 'CUSTOMER', name: 'Tanjong Community Pharmacy' },
    ])
    .execute();

  /** An IBD whose lines match its shipment exactly, plus `extra` packs expected but never sent. */
  const inbound = async (number: string, warehouseNo: string, shipment: Shipment, extra = 0) => {
    const counts = new Map<string, { materialNo: string; batch: string; n: number }>();
    const all = [
      ...(shipment.pallets ?? []).flatMap((p) => p.cartons.flatMap((c) => c.packs)),
      ...(shipment.cartons ?? []).flatMap((c) => c.packs),
      ...(shipment.packs ?? []),
    ];
    for (const p of all) {
      const materialNo = materials.find((m) => m.gtin === p.gtin)!.material_no;
      const key = `${materialNo}|${p.batch}`;
      counts.set(key, { materialNo, batch: p.batch, n: (counts.get(key)?.n ?? 0) + 1 });
    }
    const lines = [...counts.values()].map((c, i) => ({
      lineNo: (i + 1) * 10,
      materialNo: c.materialNo,
      batchNo: c.batch,
      quantity: c.n + (i === 0 ? extra : 0),
    }));
    await intake.putDocument(actorId, 'IBD', number, { warehouseNo, date: DAY, lines });
    await epcis.intake(actorId, epcisDocument({ ...shipment, ibdNo: number }), DAY);
  };

  const open = { pallets: [codes.pallet(4, 12, product(0))], cartons: [codes.carton(12, product(1))], packs: codes.packs(6, product(2)) };
  await inbound(DEMO_IBDS.open, 'W2010', open, 0);
  await inbound(DEMO_IBDS.openSecond, 'W2010', { pallets: [codes.pallet(2, 24, product(3))], packs: codes.packs(4, product(2)) });
  const progress = { pallets: [codes.pallet(3, 10, product(4)), codes.pallet(3, 10, product(4))] };
  await inbound(DEMO_IBDS.inProgress, 'W2010', progress);
  const done = { pallets: [codes.pallet(2, 10, product(5))], cartons: [codes.carton(10, product(6))] };
  await inbound(DEMO_IBDS.completed, 'W2010', done, 5);
  await inbound(DEMO_IBDS.local, 'W3010', { cartons: [codes.carton(20, product(7)), codes.carton(20, product(8))] });

  const scan = (docNo: string, code: string, unit: 'PLT' | 'CTN' | 'EA', n: number) =>
    scans.scan({ userId: actorId }, { docType: 'IBD', docNo, code, unit, idType: 'GS1', scanId: `seed-${docNo}-${n}` }, DAY);
  await scan(DEMO_IBDS.inProgress, ssccScan(progress.pallets[0]!.sscc), 'PLT', 1);
  await scan(DEMO_IBDS.completed, ssccScan(done.pallets[0]!.sscc), 'PLT', 1);
  await scan(DEMO_IBDS.completed, ssccScan(done.cartons[0]!.sscc), 'CTN', 2);
  await complete.complete({ userId: actorId }, 'IBD', DEMO_IBDS.completed);

  // Documents of every other family, open for the workflows that later issues build on this engine.
  const other: [DocumentType, string, string][] = [
    ['OBD', '8000000101', 'W2010'],
    ['OBD', '8000000201', 'W3010'],
    ['RMA', '6000000101', 'W2010'],
    ['RMA', '6000000201', 'W3010'],
    ['DECOMM', '7000000101', 'W2010'],
    ['DECOMM', '7000000201', 'W3010'],
    ['RRD', '5000000201', 'W3010'],
    ['RTP', '4000000201', 'W3010'],
    ['STO', '3000000201', 'W3010'],
    ['REPACK', '2000000201', 'W3010'],
    ['SCANLITE', '9000000201', 'W3010'],
  ];
  for (const [i, [type, number, warehouseNo]] of other.entries()) {
    const a = product(i % materials.length);
    const b = product((i + 3) % materials.length);
    await intake.putDocument(actorId, type, number, {
      warehouseNo,
      date: DAY,
      lines: [
        { lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 12 + i },
        { lineNo: 20, materialNo: b.materialNo, batchNo: b.batch, quantity: 24 },
      ],
    });
  }
}
