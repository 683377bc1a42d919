import { BATCH_STATUS_WORDS, isHeld, type BatchStatus } from '../batches.ts';
import { allocate, type AllocLine } from '../rules/allocate.ts';
import { quantityExceeded } from '../rules/quantity-exceeded.ts';
import { unitId } from '../unit-id.ts';
import type { FamilyEntry, Refusal, ScanDocument, Warning } from './family.ts';

/**
 * A scan of a counted family (ScanLite, decision 0027): one pack of a material and batch, read from
 * the GS1 code a non-serialised pack carries (GTIN 01, batch 10, expiry 17; GS1 General
 * Specifications 2.1 and 3.4.1), added to or taken off the document's lines. Pure: the server
 * decodes the code, finds the GTIN's material and the lines, calls this and writes what it answers.
 */
export interface CountInput {
  document: ScanDocument;
  /** What the code says: GTIN and batch, with the expiry and serial when it carries them. */
  code: { gtin: string | null; batchNo: string | null; expiry: string | null; serial: string | null };
  /** The material whose GTIN the code carries (master data), null when none has it. */
  materialNo: string | null;
  /** The document's lines with the packs already counted on each. */
  lines: readonly (AllocLine & { scanned: number })[];
  /** 'scan' adds the pack, 'reverse' takes one pack of that material and batch off again. */
  kind: 'scan' | 'reverse';
  /** For a reverse: the packs of the code's material and batch counted on each line (by line number), scans less reverses. */
  countedOn?: ReadonlyMap<number, number>;
  today: string;
  /** What the family does with a pack of a batch on hold or recalled (`Family.heldBatch`, issue 30). */
  heldBatch: FamilyEntry['heldBatch'];
  /** The status of the code's material and batch, read with the material (RELEASED for a batch never held). */
  batchStatus: BatchStatus;
}

export type CountDecision =
  | {
      ok: true;
      materialNo: string;
      batchNo: string;
      /** The line whose count changes and its new count. */
      lineNo: number;
      count: number;
      /** Advice on the accepted scan: a held batch taken into quarantine. */
      warnings: Warning[];
    }
  | { ok: false; refusal: Refusal };

export function decideCount(input: CountInput): CountDecision {
  const { document, code, materialNo, lines } = input;
  const refuse = (refusal: Refusal): CountDecision => ({ ok: false, refusal });
  const where = { type: document.type, number: document.number };
  if (document.status === 'Completed') return refuse({ status: 409, code: 'DOCUMENT_COMPLETED', params: where });
  // A serialised pack is traced one by one (its serial moves on its own OBD): counting it would lose it.
  if (code.serial !== null && input.kind === 'scan') {
    return refuse({
      status: 422,
      code: 'COUNTED_SERIALISED',
      params: { id: unitId({ sscc: null, gtin: code.gtin, serial: code.serial }) },
    });
  }
  if (code.gtin === null || code.batchNo === null) return refuse({ status: 422, code: 'COUNTED_NOT_A_PACK_CODE' });
  if (materialNo === null) return refuse({ status: 422, code: 'COUNTED_GTIN_UNKNOWN', params: { gtin: code.gtin } });
  const batchNo = code.batchNo;

  if (input.kind === 'reverse') {
    // The last line that counted a pack of this very material and batch gives one back (a batch-less
    // line may hold other batches of the material: those stay).
    const line = [...lines].sort((a, b) => b.lineNo - a.lineNo).find((l) => l.scanned > 0 && (input.countedOn?.get(l.lineNo) ?? 0) > 0);
    if (!line) return refuse({ status: 422, code: 'COUNTED_NONE_TO_REMOVE', params: { materialNo, batchNo, ...where } });
    return { ok: true, materialNo, batchNo, lineNo: line.lineNo, count: line.scanned - 1, warnings: [] };
  }

  const held = heldCount(input.heldBatch, { materialNo, batchNo, batchStatus: input.batchStatus });
  if (held && 'refusal' in held) return refuse(held.refusal);

  // GDP: expired stock leaves only to be destroyed, never dispatched.
  if (code.expiry !== null && code.expiry < input.today) {
    return refuse({ status: 422, code: 'COUNTED_BATCH_EXPIRED', params: { materialNo, batchNo, expiry: code.expiry } });
  }
  const room = lines.map((l) => ({ lineNo: l.lineNo, materialNo: l.materialNo, batchNo: l.batchNo, quantity: l.quantity - l.scanned }));
  const result = allocate(room, [{ materialNo, batchNo, count: 1 }]);
  if (!result.ok) {
    if (result.code === 'QUANTITY_EXCEEDED') {
      return refuse({ status: 422, code: 'QUANTITY_EXCEEDED', params: quantityExceeded(lines, { materialNo, batchNo, count: 1 }) });
    }
    return refuse({ status: 422, code: 'NOT_ON_DOCUMENT', params: { materialNo, batchNo, ...where } });
  }
  const [lineNo] = [...result.scanned].find(([, n]) => n > 0)!;
  const line = lines.find((l) => l.lineNo === lineNo)!;
  return { ok: true, materialNo, batchNo, lineNo, count: line.scanned + 1, warnings: held ? [held.warning] : [] };
}

/**
 * A counted pack (a material and batch, no unit) of a batch on hold or recalled (issue 30, decision
 * 0072), as the family's `heldBatch` says: refused (BATCH_HELD, naming the batch and its status), taken
 * with the warning that it goes into quarantine, or accepted as any other (undefined, as for a batch
 * not held). Taking a counted pack off is never checked: held stock may always leave a document.
 */
export function heldCount(
  heldBatch: FamilyEntry['heldBatch'],
  pack: { materialNo: string; batchNo: string; batchStatus: BatchStatus },
): { refusal: Refusal } | { warning: Warning } | undefined {
  if (!isHeld(pack.batchStatus) || heldBatch === 'accept') return undefined;
  const params = { batchNo: pack.batchNo, materialNo: pack.materialNo, status: BATCH_STATUS_WORDS[pack.batchStatus] };
  if (heldBatch === 'quarantine') return { warning: { code: 'BATCH_HELD_QUARANTINE', params } };
  return { refusal: { status: 422, code: 'BATCH_HELD', params } };
}
