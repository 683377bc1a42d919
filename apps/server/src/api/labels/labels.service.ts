import { decodeCode, unitId, type Application } from '@pharma/domain';
import type { LabelFormat, Printer, PrintLabelRequest, PrintPackLabelRequest } from '@pharma/domain/contract/labels';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import { logisticLabel, packLabel, type LabelLayout, type LogisticLabelData } from './label-layout.ts';
import * as repo from './labels.repository.ts';
import { renderPdf } from './pdf.ts';
import { resolvePrinter, type PrinterPolicy } from './printer-address.ts';
import { sendRaw } from './printer.ts';
import { renderZpl } from './zpl.ts';
import { isoToday } from '../../lib/today.ts';

export interface Caller {
  userId: string;
  area: Application;
}

type LabelFile = { kind: 'file'; contentType: string; fileName: string; body: string | Uint8Array };
export type PrintOutcome = LabelFile | { kind: 'sent'; sscc: string; printer: string; copy: boolean };
export type PackPrintOutcome = LabelFile | { kind: 'sentPack'; id: string; printer: string; copy: boolean };

/**
 * Labels of pallets and cartons (decision 0031): the GS1 logistic label of any SSCC the caller may see,
 * as ZPL (203 or 300 dpi) or PDF, downloaded or sent to a printer of the unit's warehouse. Every print
 * is recorded and audited; a label printed before is a copy, and says so.
 */
export class LabelsService {
  constructor(
    private readonly db: Db,
    /** Where a network printer may be (config.printers, decision 0055). */
    private readonly printerPolicy: PrinterPolicy,
  ) {}

  async print(caller: Caller, req: PrintLabelRequest): Promise<PrintOutcome> {
    const unit = await units.findUnitInArea(this.db, { sscc: req.sscc }, caller.area);
    if (!unit || (unit.type !== 'PLT' && unit.type !== 'CTN')) throw new AppError(404, 'SSCC_NOT_FOUND', { sscc: req.sscc });
    const printer = req.printer ? await this.printer(unit.warehouse_no, req.printer) : undefined;
    if (printer && req.format !== 'ZPL') throw new AppError(400, 'BAD_REQUEST', { detail: 'a network printer takes ZPL' });
    const copy = await repo.printedBefore(this.db, req.sscc);
    const data = await this.labelData(unit, copy);
    const layout = logisticLabel(data);
    if (printer) {
      await this.send(caller, printer, { id: req.sscc, dpi: req.dpi ?? 203 }, renderZpl(layout, req.dpi ?? 203));
      await this.record(caller, { sscc: req.sscc, format: 'ZPL', printer: printer.name, copy, dpi: req.dpi ?? 203 });
      return { kind: 'sent', sscc: req.sscc, printer: printer.name, copy };
    }
    const body = req.format === 'ZPL' ? renderZpl(layout, req.dpi ?? 203) : await renderPdf(layout, `SSCC ${req.sscc}`);
    await this.record(caller, {
      sscc: req.sscc,
      format: req.format,
      printer: null,
      copy,
      dpi: req.format === 'ZPL' ? (req.dpi ?? 203) : null,
    });
    return req.format === 'ZPL'
      ? { kind: 'file', contentType: 'text/plain; charset=utf-8', fileName: `${req.sscc}.zpl`, body }
      : { kind: 'file', contentType: 'application/pdf', fileName: `${req.sscc}.pdf`, body };
  }

  /** POST /api/printPackLabel: the GS1 DataMatrix label of a serialised pack (raw scan), as ZPL or PDF. */
  async printPack(caller: Caller, req: PrintPackLabelRequest, today = isoToday()): Promise<PackPrintOutcome> {
    const decoded = decodeCode(req.code, { today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    const unit =
      decoded.gtin && decoded.serial
        ? await units.findUnitInArea(this.db, { gtin: decoded.gtin, serial: decoded.serial }, caller.area)
        : undefined;
    if (!unit || unit.type !== 'EA' || !unit.gtin || !unit.serial || !unit.batch_no || !unit.expiry) {
      throw new AppError(404, 'SERIAL_NOT_RECOGNIZED');
    }
    const name = unit.material_no ? await materials.materialName(this.db, unit.material_no) : undefined;
    const layout = packLabel({
      gtin: unit.gtin,
      serial: unit.serial,
      batchNo: unit.batch_no,
      expiry: unit.expiry,
      materialName: name ?? '',
    });
    const key = unitId(unit);
    const printer = req.printer ? await this.printer(unit.warehouse_no, req.printer) : undefined;
    if (printer && req.format !== 'ZPL') throw new AppError(400, 'BAD_REQUEST', { detail: 'a network printer takes ZPL' });
    const copy = await repo.printedBefore(this.db, key);
    if (printer) {
      await this.send(caller, printer, { id: key, dpi: req.dpi ?? 203 }, renderZpl(layout, req.dpi ?? 203));
      await this.record(caller, { sscc: key, format: 'ZPL', printer: printer.name, copy, dpi: req.dpi ?? 203 });
      return { kind: 'sentPack', id: key, printer: printer.name, copy };
    }
    const out = await fileOf(layout, req.format, req.dpi ?? 203, key);
    await this.record(caller, { sscc: key, format: req.format, printer: null, copy, dpi: req.format === 'ZPL' ? (req.dpi ?? 203) : null });
    return out;
  }

  /** POST /api/auditPrint: a print the client made itself (the PDF printed from the browser). */
  async auditPrint(caller: Caller, req: { sscc: string; format: LabelFormat; printer?: string }): Promise<{ copy: boolean }> {
    const unit = await units.findUnitInArea(this.db, { sscc: req.sscc }, caller.area);
    if (!unit) throw new AppError(404, 'SSCC_NOT_FOUND', { sscc: req.sscc });
    // The download that came before this print was recorded already: this print is then its copy.
    const copy = await repo.printedBefore(this.db, req.sscc);
    await this.record(caller, { sscc: req.sscc, format: req.format, printer: req.printer ?? 'browser', copy, dpi: null });
    return { copy };
  }

  printers(area: Application): Promise<{ warehouseNo: string; name: string }[]> {
    return repo.printersInArea(this.db, area);
  }

  private async printer(warehouseNo: string | null, name: string) {
    const found = warehouseNo ? (await repo.printersOf(this.db, warehouseNo)).find((p) => p.name === name) : undefined;
    if (!found) throw new AppError(404, 'PRINTER_NOT_FOUND', { printer: name, warehouseNo: warehouseNo ?? '-' });
    return found;
  }

  private async labelData(unit: UnitRow, copy: boolean): Promise<LogisticLabelData> {
    const warehouse = unit.warehouse_no ? await repo.findWarehouse(this.db, unit.warehouse_no) : undefined;
    const packs = (await units.subtree(this.db, unit.id)).filter((u) => u.type === 'EA');
    const first = packs[0];
    const single =
      first?.material_no && first.batch_no && packs.every((p) => p.material_no === first.material_no && p.batch_no === first.batch_no);
    const material = single ? await materials.findMaterial(this.db, first.material_no!) : undefined;
    return {
      sscc: unit.sscc!,
      type: unit.type === 'PLT' ? 'PLT' : 'CTN',
      sender: { name: warehouse?.name ?? 'Warehouse not known', warehouseNo: unit.warehouse_no, gln: warehouse?.gln ?? null },
      ...(single && material?.gtin
        ? {
            content: {
              gtin: material.gtin,
              count: packs.length,
              batchNo: first.batch_no!,
              expiry: first.expiry,
              materialNo: material.material_no,
              materialName: material.name,
            },
          }
        : {}),
      copy,
    };
  }

  /**
   * Sends ZPL to a network printer: to the address its host resolves to, once checked (decision 0055).
   * A printer the guard refuses is 422, one that does not take the label 503; either way the failed
   * print is audited (who, which printer, why) and no label is recorded: the next print is no copy.
   */
  private async send(caller: Caller, printer: Printer, label: { id: string; dpi: number }, zpl: string): Promise<void> {
    const target = await resolvePrinter(printer, this.printerPolicy);
    let failure: AppError | undefined;
    if (!target.ok) {
      failure = new AppError(target.code === 'PRINTER_NOT_RESOLVED' ? 503 : 422, target.code, target.params);
    } else {
      try {
        await sendRaw(target.address, target.port, zpl);
      } catch (error) {
        const detail = (error as Error).message;
        failure = new AppError(503, 'PRINTER_UNREACHABLE', { printer: printer.name, host: printer.host, port: printer.port, detail });
      }
    }
    if (!failure) return;
    const after = { format: 'ZPL', dpi: label.dpi, printer: printer.name, host: printer.host, port: printer.port, code: failure.code };
    await writeAudit(this.db, [
      { actorId: caller.userId, entity: 'label', entityId: label.id, action: 'print-failed', after, reason: failure.message },
    ]);
    throw failure;
  }

  private async record(
    caller: Caller,
    p: { sscc: string; format: LabelFormat; printer: string | null; copy: boolean; dpi: number | null },
  ) {
    const at = new Date().toISOString();
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await repo.recordPrint(trx, { id, sscc: p.sscc, format: p.format, printer: p.printer, copy: p.copy, userId: caller.userId, at });
      await writeAudit(
        trx,
        [
          {
            actorId: caller.userId,
            entity: 'label',
            entityId: p.sscc,
            action: p.copy ? 'reprint' : 'print',
            after: { format: p.format, dpi: p.dpi, printer: p.printer, copy: p.copy },
          },
        ],
        at,
      );
    });
  }
}

async function fileOf(layout: LabelLayout, format: LabelFormat, dpi: 203 | 300, name: string): Promise<LabelFile> {
  const file = name.replace(/[^A-Za-z0-9-]/g, '_');
  return format === 'ZPL'
    ? { kind: 'file', contentType: 'text/plain; charset=utf-8', fileName: `${file}.zpl`, body: renderZpl(layout, dpi) }
    : { kind: 'file', contentType: 'application/pdf', fileName: `${file}.pdf`, body: await renderPdf(layout, name) };
}
