import { UNIT_STATUSES } from '@pharma/domain';
import type { AppliedFilters, StockReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { stockByStatus } from './stock.repository.ts';
import { reportRead } from '../../db/report-read.ts';

/**
 * The stock report (issue 32, decision 0077): stock on hand (`IN_STOCK`: on hand in any condition, or
 * picked on an open document) of the filters' warehouses, per warehouse, material, batch and status, in
 * packs, with cartons and pallets counted apart under their own material, batch and status (as search
 * shows them): a carton of quarantined packs may still be ACTIVE, and its packs are counted where they are.
 * A carton or pallet of no single material (a mixed one, a new SSCC from repack) is listed under an empty
 * material, so that every pallet on the floor is counted; a material filter leaves it out.
 */
export async function stockReport(db: Db, filters: AppliedFilters): Promise<StockReport> {
  // A batch's units normally share one expiry; the rows come per expiry too (the index's order), so merge them.
  const byLine = new Map<string, Line>();
  for (const r of await reportRead(db, (r) => stockByStatus(r, filters))) {
    const key = JSON.stringify([r.warehouse_no, r.material_no, r.batch_no, r.status]);
    const line = byLine.get(key) ?? {
      warehouseNo: r.warehouse_no,
      materialNo: r.material_no ?? '',
      batchNo: r.batch_no,
      status: r.status,
      packs: 0,
      cartons: 0,
      pallets: 0,
    };
    byLine.set(key, line);
    line.packs += Number(r.packs);
    line.cartons += Number(r.cartons);
    line.pallets += Number(r.pallets);
  }
  const lines = [...byLine.values()].sort(byPlaceThenStatus);
  const totals = { packs: 0, cartons: 0, pallets: 0 };
  for (const l of lines) {
    totals.packs += l.packs;
    totals.cartons += l.cartons;
    totals.pallets += l.pallets;
  }
  return { filters, lines, totals };
}

/** The rows of the CSV, in STOCK_CSV_HEADER's order: one per line, numbers as numbers, no batch empty. */
export function stockCsvRows(report: StockReport): (string | number | null)[][] {
  return report.lines.map((l) => [l.warehouseNo, l.materialNo, l.batchNo, l.status, l.packs, l.cartons, l.pallets]);
}

type Line = StockReport['lines'][number];

/** Warehouse, material (none first), batch (none first), by code unit; then status in UNIT_STATUSES' order, ACTIVE first. */
function byPlaceThenStatus(a: Line, b: Line): number {
  return (
    compare(a.warehouseNo, b.warehouseNo) ||
    compare(a.materialNo, b.materialNo) ||
    compare(a.batchNo ?? '', b.batchNo ?? '') ||
    (a.batchNo === null ? 0 : 1) - (b.batchNo === null ? 0 : 1) ||
    UNIT_STATUSES.indexOf(a.status) - UNIT_STATUSES.indexOf(b.status)
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
