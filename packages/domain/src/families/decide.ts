import { allocate, type AllocLine, type PackGroup } from '../rules/allocate.ts';
import { quantityExceeded } from '../rules/quantity-exceeded.ts';
import { heldBatchRefusal, heldBatchWarnings } from '../rules/held-batch.ts';
import type { FamilyEntry, Refusal, RuleInput, ScanUnit, UnitState, Warning } from './family.ts';
import { isScannable, materialsText, stateText } from './rules.ts';
import { message } from '../messages.ts';
import { UNIT_LABELS } from '../units.ts';

/**
 * Whether a scan is accepted and what it changes: a pure function of the unit tree, the document,
 * its lines and today (docs/inventory-states.md, "Rules a scan must pass"). The server reads, calls
 * this, and writes what it answers; a refusal changes nothing.
 */
export interface ScanInput extends RuleInput {
  /** The document's lines with the packs already counted on each. */
  lines: readonly (AllocLine & { scanned: number })[];
  /** Whether the unit or one above or under it is named in the document's advance shipping notice (lines+asn families). */
  expected: boolean;
  /**
   * The ids of the tree's units already on this document (none: empty). Only needed once a unit is
   * found in a state the family cannot scan: the engine asks (decision `{ blocked }`) and decides again.
   */
  onDocument?: readonly string[];
}

export type ScanDecision =
  | {
      ok: true;
      /** The packs counted, per material and batch. */
      groups: PackGroup[];
      packs: number;
      /** The new count of each line that changes. */
      counts: Map<number, number>;
      /** The state every unit of the tree takes. */
      state: UnitState;
      warnings: Warning[];
    }
  | { ok: false; refusal: Refusal; blocked: boolean };

export function decideScan(input: ScanInput): ScanDecision {
  const { family, document, root, tree } = input;
  const refuse = (refusal: Refusal, blocked = false): ScanDecision => ({ ok: false, refusal, blocked });
  const where = { type: document.type, number: document.number };
  if (document.status === 'Completed') return refuse({ status: 409, code: 'DOCUMENT_COMPLETED', params: where });

  const blocking = isScannable(family, root) ? undefined : root;
  if (blocking) return notScannable(family, blocking, input, refuse);

  const warnings: Warning[] = [];
  for (const rule of family.rules.filter((r) => r.stage === 'tree')) {
    const answer = rule.check(input);
    if (answer && 'refusal' in answer) return refuse(answer.refusal);
  }
  const below = tree.find((u) => !isScannable(family, u));
  if (below) return notScannable(family, below, input, refuse);

  // A pack of a batch on hold or recalled, or a pallet or carton holding one (issue 30, decision 0071):
  // refused where the family moves stock on, received into quarantine with a warning, or taken as any other.
  if (family.heldBatch === 'refuse') {
    const held = heldBatchRefusal(rootFirst(root, tree));
    if (held) return refuse(held);
  }
  if (family.heldBatch === 'quarantine') warnings.push(...heldBatchWarnings(tree));

  if (family.sameWarehouse) {
    const elsewhere = tree.find((u) => u.warehouseNo !== document.warehouseNo);
    if (elsewhere) {
      return refuse({
        status: 422,
        code: 'OTHER_WAREHOUSE',
        params: { warehouseNo: elsewhere.warehouseNo ?? '-', documentWarehouse: document.warehouseNo },
      });
    }
  }
  if (family.expected === 'lines+asn' && !input.expected) return refuse({ status: 422, code: 'NOT_EXPECTED', params: where });

  for (const rule of family.rules.filter((r) => r.stage === 'stock')) {
    const answer = rule.check(input);
    if (answer && 'refusal' in answer) return refuse(answer.refusal);
    if (answer) warnings.push(answer.warning);
  }

  const groups = packGroups(tree);
  const missing = groups.filter(
    (g) => !input.lines.some((l) => l.materialNo === g.materialNo && (l.batchNo === null || l.batchNo === g.batchNo)),
  );
  if (missing.length > 0) {
    const materialNo = materialsText(missing.map((g) => g.materialNo));
    const batchNo = materialsText(missing.map((g) => g.batchNo ?? '-'));
    return refuse({ status: 422, code: 'NOT_ON_DOCUMENT', params: { materialNo, batchNo, ...where } });
  }
  const room = input.lines.map((l) => ({
    lineNo: l.lineNo,
    materialNo: l.materialNo,
    batchNo: l.batchNo,
    quantity: l.quantity - l.scanned,
  }));
  const result = allocate(room, groups);
  if (!result.ok) {
    const group = groups.find((g) => g.materialNo === result.materialNo && g.batchNo === result.batchNo);
    const scan = group ?? { materialNo: result.materialNo, batchNo: result.batchNo, count: 0 };
    return refuse({ status: 422, code: 'QUANTITY_EXCEEDED', params: quantityExceeded(input.lines, scan) });
  }
  const counts = new Map<number, number>();
  for (const l of input.lines) {
    const added = result.scanned.get(l.lineNo) ?? 0;
    if (added > 0) counts.set(l.lineNo, l.scanned + added);
  }
  return { ok: true, groups, packs: groups.reduce((n, g) => n + g.count, 0), counts, state: family.scanned, warnings };
}

/** The tree with its root first, as the held-batch rule reads it (the server reads a tree's rows in no order). */
function rootFirst(root: ScanUnit, tree: readonly ScanUnit[]): readonly ScanUnit[] {
  return tree[0]?.id === root.id ? tree : [root, ...tree.filter((u) => u.id !== root.id)];
}

/** A unit the family cannot scan: "already scanned" when it is on this document, else the family's refusal naming its state. */
function notScannable(
  family: FamilyEntry,
  unit: ScanUnit,
  input: ScanInput,
  refuse: (r: Refusal, blocked?: boolean) => ScanDecision,
): ScanDecision {
  const on = input.onDocument;
  if (on && on.length > 0) {
    const where = { type: input.document.type, number: input.document.number };
    if (on.includes(input.root.id)) return refuse({ status: 409, code: 'ALREADY_SCANNED', params: where });
    return refuse({ status: 409, code: 'ALREADY_SCANNED_IN_PART', params: { ...where, ...partOnDocument(input, on) } });
  }
  return refuse({ status: 409, code: family.notScannable, params: { status: stateText(unit) } }, input.onDocument === undefined);
}

/** How many units the refusal names before '… and N more'. */
const NAMED_UNITS = 3;

/**
 * The scanned unit (a carton, a pallet) is not on the document but part of it is: the topmost of its
 * units that are (a carton of a pallet, not also its packs), the first few named and the rest counted.
 */
function partOnDocument(input: ScanInput, on: readonly string[]): { unit: string; items: string; count: string } {
  const ids = new Set(on);
  const top = input.tree.filter((u) => ids.has(u.id) && !(u.parentId !== null && ids.has(u.parentId)));
  const named = top.slice(0, NAMED_UNITS).map((u) => `${UNIT_LABELS[u.type]} ${u.label}`);
  const rest = top.length - named.length;
  const items = rest > 0 ? message('LIST_AND_MORE', { items: named.join(', '), count: rest }) : named.join(', ');
  return { unit: UNIT_LABELS[input.root.type].toLowerCase(), items, count: String(top.length) };
}

/** The packs of the tree counted per material and batch. */
export function packGroups(tree: readonly ScanUnit[]): PackGroup[] {
  const groups = new Map<string, PackGroup>();
  for (const p of tree) {
    if (p.type !== 'EA') continue;
    const key = `${p.materialNo ?? ''}\u0000${p.batchNo ?? ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { materialNo: p.materialNo ?? '', batchNo: p.batchNo, count: 1 });
  }
  return [...groups.values()];
}
