import { DEFAULT_REGISTRY, liteFamilyOf, type DocumentType } from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { UnitsService } from '../api/units/units.service.ts';
import { DocumentsService } from '../api/documents/documents.service.ts';
import { LiteService } from '../api/lite/lite.service.ts';
import { RepackService } from '../api/repack/repack.service.ts';
import { CompleteService } from '../api/scans/complete.service.ts';
import { ScanService } from '../api/scans/scans.service.ts';
import { DEMO_MATERIALS, demoProduct } from './demo-catalogue.ts';
import { DEMO_DOCUMENTS, DEMO_IBDS, DEMO_INVENTORY, DEMO_LITE, DEMO_LOCAL_DOCUMENTS, DEMO_SCANLITE } from './demo-documents.ts';
import { seedRedress } from './demo-redress.ts';
import { ssccScan } from './epcis-builder.ts';
import { servicePort } from './service-port.ts';
import { putDocumentFor, receiveIbd, scanAndComplete, scanUnits, stageIbd } from './stock-builder.ts';

/**
 * Demo stock and documents (demo-documents.ts), put in through the same services the ERP and EPCIS
 * intake use, and moved on through the same scan, complete and status services the handhelds use.
 */
const DAY = '2026-11-20';

export async function seedInventory(db: Db, actorId: string): Promise<void> {
  const port = servicePort(db, actorId, DAY);
  const { ibds, stock, documents } = DEMO_INVENTORY;
  const on = { date: DAY };

  await db
    .insertInto('warehouse_partners')
    .values([
      { warehouse_no: 'W2010', partner_id: 'V100200', role: 'SUPPLIER', name: 'Meridian Pharma Manufacturing' },
      { warehouse_no: 'W2010', partner_id: 'V100310', role: 'PRINCIPAL', name: 'Northbay Life Sciences' },
      { warehouse_no: 'W3010', partner_id: 'C300450', role: 'CUSTOMER', name: 'Harbourfront General Hospital' },
      { warehouse_no: 'W3010', partner_id: 'C300460', role: 'CUSTOMER', name: 'Tanjong Community Pharmacy' },
    ])
    .execute();

  // Receiving: two Open IBDs, one In Progress, one Completed with a shortage of 5 packs, one local.
  await stageIbd(port, DEMO_IBDS.open, ibds.open, DEMO_MATERIALS, on);
  await stageIbd(port, DEMO_IBDS.openSecond, ibds.openSecond, DEMO_MATERIALS, on);
  await stageIbd(port, DEMO_IBDS.inProgress, ibds.inProgress, DEMO_MATERIALS, on);
  await stageIbd(port, DEMO_IBDS.completed, ibds.completed, DEMO_MATERIALS, { ...on, extra: 5 });
  await stageIbd(port, DEMO_IBDS.local, ibds.local, DEMO_MATERIALS, { ...on, warehouseNo: 'W3010' });
  await scanUnits(port, 'IBD', DEMO_IBDS.inProgress, [ibds.inProgress.pallets![0]!]);
  await scanAndComplete(port, 'IBD', DEMO_IBDS.completed, [ibds.completed.pallets![0]!, ibds.completed.cartons![0]!]);

  // Stock for dispatch, return and scrapping: received in full, one carton then found damaged.
  await receiveIbd(port, DEMO_IBDS.stock, ibds.stock, DEMO_MATERIALS, on);
  await new UnitsService(db).setStatus(
    actorId,
    { code: ssccScan(stock.damagedCarton.sscc), unit: 'CTN', status: 'DAMAGED', reason: 'Crushed in the racking' },
    DAY,
  );
  // Dispatched and completed, so the return can bring it back; then the Open documents.
  await putDocumentFor(port, 'OBD', DEMO_DOCUMENTS.dispatched, documents.dispatched, DEMO_MATERIALS, on);
  await scanAndComplete(port, 'OBD', DEMO_DOCUMENTS.dispatched, documents.dispatched);
  await putDocumentFor(port, 'RMA', DEMO_DOCUMENTS.return, documents.return, DEMO_MATERIALS, on);
  await putDocumentFor(port, 'DECOMM', DEMO_DOCUMENTS.scrap, documents.scrap, DEMO_MATERIALS, on);
  await putDocumentFor(port, 'OBD', DEMO_DOCUMENTS.dispatch, documents.dispatch, DEMO_MATERIALS, on);

  // Local (W3010) stock and a document of each local family on the engine that fits it: received in
  // full, one carton then found damaged and one quarantined; a dispatch completed so its return can
  // bring it back; the transfer's receipt announced at its destination, W2010.
  const local = { ...on, warehouseNo: 'W3010' };
  const { localStock, localDocuments: docsOf } = DEMO_INVENTORY;
  await receiveIbd(port, DEMO_IBDS.localStock, ibds.localStock, DEMO_MATERIALS, local);
  const units = new UnitsService(db);
  await units.setStatus(
    actorId,
    { code: ssccScan(localStock.damagedCarton.sscc), unit: 'CTN', status: 'DAMAGED', reason: 'Dropped from the forklift', area: 'LDC' },
    DAY,
  );
  await units.setStatus(
    actorId,
    {
      code: ssccScan(localStock.quarantinedCarton.sscc),
      unit: 'CTN',
      status: 'QUARANTINE',
      reason: 'Recall notice from the principal',
      area: 'LDC',
    },
    DAY,
  );
  await putDocumentFor(port, 'OBD', DEMO_LOCAL_DOCUMENTS.dispatched, docsOf.dispatched, DEMO_MATERIALS, local);
  await scanAndComplete(port, 'OBD', DEMO_LOCAL_DOCUMENTS.dispatched, docsOf.dispatched);
  await putDocumentFor(port, 'RMA', DEMO_LOCAL_DOCUMENTS.return, docsOf.return, DEMO_MATERIALS, local);
  await putDocumentFor(port, 'DECOMM', DEMO_LOCAL_DOCUMENTS.scrap, docsOf.scrap, DEMO_MATERIALS, local);
  await putDocumentFor(port, 'RTP', DEMO_LOCAL_DOCUMENTS.rtp, docsOf.rtp, DEMO_MATERIALS, local);
  await putDocumentFor(port, 'STO', DEMO_LOCAL_DOCUMENTS.transfer, docsOf.transfer, DEMO_MATERIALS, {
    ...local,
    destination: { plant: '2010' },
  });
  await putDocumentFor(port, 'IBD', DEMO_LOCAL_DOCUMENTS.transferReceipt, docsOf.transferReceipt, DEMO_MATERIALS, {
    ...on,
    receives: { type: 'STO', number: DEMO_LOCAL_DOCUMENTS.transfer },
  });
  await putDocumentFor(port, 'OBD', DEMO_LOCAL_DOCUMENTS.dispatch, docsOf.dispatch, DEMO_MATERIALS, local);
  // Lite (decision 0039): stock of its own, and a Dispatch+ document created as the local operator creates one.
  await receiveIbd(port, DEMO_IBDS.liteStock, ibds.liteStock, DEMO_MATERIALS, local);
  await seedLiteDocuments(db, actorId);
  // Redress (decision 0036): stock of its own, POs Open, In Progress (BPR No., a carton) and Completed.
  await receiveIbd(port, DEMO_IBDS.redressStock, ibds.redressStock, DEMO_MATERIALS, local);
  await seedRedress(db, actorId, DAY);
  // Repack (decision 0048): a regional repack of a Losartan pallet of its own, pending (README: "Repack").
  await receiveIbd(port, DEMO_IBDS.repackStock, ibds.repackStock, DEMO_MATERIALS, on);
  await new RepackService(db, DEFAULT_REGISTRY.aggregatingFamily!).scan(
    { userId: actorId, area: 'RDC' },
    { code: ssccScan(DEMO_INVENTORY.repackStock.pallet.sscc) },
  );
  // ScanLite: counted stock, lines by material and batch of the catalogue (decision 0027).
  for (const doc of Object.values(DEMO_SCANLITE)) {
    await port.putDocument('SCANLITE', doc.number, {
      warehouseNo: 'W3010',
      date: DAY,
      lines: doc.lines.map((l, i) => ({
        lineNo: (i + 1) * 10,
        materialNo: l.product.materialNo,
        batchNo: l.product.batch,
        quantity: l.quantity,
      })),
    });
  }

  // Local documents of the families not on the engine yet: placeholders whose lines fit no stock, open
  // for the workflows later issues build. The index picks their materials and first quantity.
  const placeholders: [DocumentType, string, number][] = [['REPACK', '2000000201', 9]];
  for (const [type, number, i] of placeholders) {
    const a = demoProduct(i % DEMO_MATERIALS.length);
    const b = demoProduct((i + 3) % DEMO_MATERIALS.length);
    await port.putDocument(type, number, {
      warehouseNo: 'W3010',
      date: DAY,
      lines: [
        { lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 12 + i },
        { lineNo: 20, materialNo: b.materialNo, batchNo: b.batch, quantity: 24 },
      ],
    });
  }
}

/** A Dispatch+ document with one line, through the lite service the web's pages call (decision 0039). */
async function seedLiteDocuments(db: Db, actorId: string): Promise<void> {
  const lite = new LiteService(
    db,
    new ScanService(db, DEFAULT_REGISTRY),
    new CompleteService(db, DEFAULT_REGISTRY),
    new DocumentsService(db),
  );
  const dispatchPlus = liteFamilyOf('DISPATCH+')!;
  const { liteStock } = DEMO_INVENTORY;
  const actor = { userId: actorId };
  await lite.create(actor, dispatchPlus, { moduleType: dispatchPlus.module, docNo: DEMO_LITE.dispatch, warehouseNo: 'W3010' });
  const product = liteStock.carton.packs[0]!;
  const materialNo = DEMO_MATERIALS.find((m) => m.gtin === product.gtin)!.materialNo;
  const quantity = liteStock.carton.packs.length + liteStock.packs.length;
  await lite.putLine(actor, dispatchPlus, {
    moduleType: dispatchPlus.module,
    docNo: DEMO_LITE.dispatch,
    materialNo,
    batchNo: product.batch,
    quantity,
  });
}
