import { cartonLabelCode, DEFAULT_REGISTRY } from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { RedressService } from '../api/redress/redress.service.ts';
import { CompleteService } from '../api/scans/complete.service.ts';
import { DEMO_MATERIALS } from './demo-catalogue.ts';
import { DEMO_INVENTORY, DEMO_REDRESS, DEMO_REDRESS_BPR } from './demo-documents.ts';
import { packScan, type PackSpec } from './epcis-builder.ts';
import { servicePort } from './service-port.ts';

/** The carton label a demo carton carries (decision 0036): its SSCC, the packs' GTIN and batch, their count. */
export function demoCartonLabel(cartonCode: string, packs: readonly PackSpec[], qty = packs.length): string {
  const p = packs[0]!;
  return cartonLabelCode({ cartonCode, gtin: p.gtin, batchNo: p.batch, qty });
}

/**
 * The demo redress POs in W3010 (README: "Demo documents to try"), through the services the
 * handheld's calls reach: Open; In Progress with its BPR No., a carton label and 2 packs scanned;
 * Completed.
 */
export async function seedRedress(db: Db, actorId: string, day: string): Promise<void> {
  const { redressStock: stock } = DEMO_INVENTORY;
  const port = servicePort(db, actorId, day);
  const materialNo = DEMO_MATERIALS.find((m) => m.gtin === stock.open[0]!.gtin)!.materialNo;
  const po = (packs: readonly PackSpec[], quantity = packs.length) => ({
    warehouseNo: 'W3010',
    date: day,
    lines: [{ lineNo: 10, materialNo, batchNo: packs[0]!.batch, quantity }],
  });
  await port.putDocument('RRD', DEMO_REDRESS.open, po(stock.open, 10));
  await port.putDocument('RRD', DEMO_REDRESS.inProgress, po(stock.inProgress));
  await port.putDocument('RRD', DEMO_REDRESS.completed, po(stock.completed));

  const redress = new RedressService(db, DEFAULT_REGISTRY);
  const actor = { userId: actorId, area: 'LDC' as const };
  let scanId = 0;
  const fill = async (number: string, bprNo: string, cartonCode: string, packs: readonly PackSpec[], qty: number) => {
    await redress.saveBpr(actor, { poNo: number, bprNo }, true);
    await redress.validateLabel(actor, { poNo: number, code: demoCartonLabel(cartonCode, packs, qty) }, day);
    for (const p of packs) {
      scanId += 1;
      const id = `seed-rrd-${number}-${scanId}`;
      await redress.scanSeries(actor, { poNo: number, cartonCode, scanType: 'SERIES', code: packScan(p), scanId: id }, day);
    }
  };
  await fill(DEMO_REDRESS.inProgress, DEMO_REDRESS_BPR.inProgress, stock.inProgressCarton, stock.inProgress.slice(0, 2), 6);
  await fill(DEMO_REDRESS.completed, DEMO_REDRESS_BPR.completed, stock.completedCarton, stock.completed, 4);
  await new CompleteService(db, DEFAULT_REGISTRY).complete(actor, 'RRD', DEMO_REDRESS.completed);
}
