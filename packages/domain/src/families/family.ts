import type { BizTransactionType } from '../gs1/epcis-event.ts';
import type { MessageCode } from '../messages.ts';
import type { Action, Application, Feature } from '../access.ts';
import type { BatchStatus } from '../batches.ts';
import type { ItemReason, UnitStatus, UnitType } from '../units.ts';
import type { FamilyWeb } from './web-facts.ts';

/**
 * A document family (IBD, OBD, RMA, DECOMM, …) as data: what the scan, reverse and completion
 * engine needs to run its documents, and what the web needs to show them. The engine and the
 * web's documents feature read these entries and never name a family (decision 0015).
 */
export interface UnitState {
  status: UnitStatus;
  reason: ItemReason | null;
}

/** A unit of the scanned tree as the rules see it. */
export interface ScanUnit {
  id: string;
  type: UnitType;
  parentId: string | null;
  status: UnitStatus;
  reason: ItemReason | null;
  warehouseNo: string | null;
  materialNo: string | null;
  batchNo: string | null;
  /** ISO date, YYYY-MM-DD. */
  expiry: string | null;
  /** SSCC, or GTIN/serial of a pack: how messages name it. */
  label: string;
  /** The status of the pack's batch (issue 30): RELEASED for a pallet or carton, and for a batch never held. */
  batchStatus: BatchStatus;
}

export interface ScanDocument {
  type: string;
  number: string;
  status: string;
  warehouseNo: string;
}

/** An older-expiring batch of a material in saleable stock of the document's warehouse (first expiry, first out). */
export interface StockBatch {
  materialNo: string;
  batchNo: string;
  expiry: string;
}

/** What a family's own rule sees: the unit tree (root first), the document, its parent bundle and today. */
export interface RuleInput {
  family: FamilyEntry;
  document: ScanDocument;
  root: ScanUnit;
  tree: readonly ScanUnit[];
  /** The scanned unit's parent, when it has one: its type and how to name it (a pack inside a bundle). */
  parent?: Pick<ScanUnit, 'type' | 'label'>;
  /** Saleable batches expiring before the scanned packs' batch, when the family asks for them. */
  olderStock: readonly StockBatch[];
  today: string;
}

export interface Refusal {
  status: 409 | 422;
  code: MessageCode;
  params?: Record<string, string>;
}
export interface Warning {
  code: MessageCode;
  params?: Record<string, string>;
}

/**
 * A family's own rule: answers a refusal, a warning, or nothing. Pure: no database, no clock.
 * 'tree' rules run once the scanned unit itself may be scanned, before the units under it are
 * checked (a bundle's own message beats a pack's state); 'stock' rules run after every common check.
 */
export interface ScanRule {
  stage: 'tree' | 'stock';
  check: (input: RuleInput) => { refusal: Refusal } | { warning: Warning } | undefined;
}

/**
 * A family's entry, its document type `T` and module `M` as literal types where the entry is written
 * (registry.ts derives DocumentType and the modules from them, decision 0085); `Family` is an entry of
 * the default registry's types.
 */
export interface FamilyEntry<T extends string = string, M extends string = string> {
  type: T;
  /** The module whose grants the family's paths need (repack's is REPACK, decision 0057). */
  module: M;
  /**
   * What the family's module can have, where spec point 6's table (permissions.ts MODULE_ACTIONS and
   * MODULE_FEATURES) does not list the module: a family added to a registry of its own.
   */
  access?: { actions: readonly Action[]; features: readonly Feature[] };
  areas: readonly Application[];
  /** The states a unit may be in to be scanned: each status with the reasons it may have. */
  scannable: readonly { status: UnitStatus; reasons: readonly (ItemReason | null)[] }[];
  /** The refusal when a unit of the tree is in another state (params: status). */
  notScannable: MessageCode;
  /** Whether the units must be in the document's warehouse. */
  sameWarehouse: boolean;
  /** The state a scan gives every unit of the tree; a reverse restores the state each had before. */
  scanned: UnitState;
  /** The state completion gives the scanned units; `intoWarehouse` moves them into the document's warehouse. */
  completed: UnitState & { intoWarehouse: boolean };
  /**
   * Completion hands the scanned units over to the documents of type `to` that name this one as the
   * document they receive (an IBD naming its STO): the units leave the warehouse in the completed
   * state and become those documents' expected units, now or when such a document arrives later.
   * The completed state is then the receiving family's announced one, so its rules apply unchanged.
   */
  handOver?: { to: string };
  /**
   * Completion takes each unit scanned without its parent (a pack alone out of a carton, a carton alone
   * off a pallet) out of that parent: the stock goes where its parent does not (sent away, destroyed,
   * taken back from a customer), so the parent's packs and children no longer hold it. A disaggregation
   * in EPCIS terms (decision 0063). The parent keeps its own state, emptied or not; a scan deleted before
   * completion never took the unit out. Receiving keeps the aggregation its notice announced.
   */
  disaggregates?: boolean;
  /** The state completion gives expected units never scanned (a receipt's shortage). */
  unscanned?: UnitState;
  /** The state units announced by an advance shipping notice take (lines+asn families). */
  announced?: UnitState;
  /** Where the expected units come from: the ERP lines only, or lines plus an advance shipping notice. */
  expected: 'lines' | 'lines+asn';
  /**
   * Whether first-expiry-first-out is checked: the engine then reads older batches in the `scannable`
   * states, which must be ACTIVE (the stock PostgreSQL keeps in `stock_packs` for it, decision 0054).
   */
  fefo: boolean;
  /** The family's own rules, run after the engine's common checks. */
  rules: readonly ScanRule[];
  /**
   * What the family does with a pack of a batch on hold or recalled (issue 30, decision 0070), or a
   * pallet or carton holding one: 'refuse' it (stock that moves on: dispatch, transfer, redress, repack,
   * and the default any new family must state), take it into 'quarantine' (receiving: the scan warns, and
   * completion gives the pack QUARANTINE with the reason 'ON HOLD' or 'RECALLED' instead of its completed
   * state), or 'accept' it as any other (where held stock must go: return to principal, scrapping, and
   * returns from customers, which end in quarantine anyway). A document of a refusing family holding a
   * pack whose batch was held after it was scanned is not completed until that pack is deleted from it.
   */
  heldBatch: 'refuse' | 'quarantine' | 'accept';
  /**
   * The family's packs are verified against the national verification system of the document's
   * warehouse as they are scanned (issue 28, decision 0081; returns: EU FMD and DSCSA ask a returned pack
   * to be verified before it goes back into stock), where that warehouse has one set; without one the
   * scan runs as any other. A pack scan is one request, a pallet or carton one request per product and
   * batch, sent before the scan's transaction. Verified: the scan goes on. Not verified: the scan is
   * refused, the packs the system did not verify are set QUARANTINE / VERIFICATION FAILED. No answer in
   * time: the scan is accepted, its unanswered packs QUARANTINE / PENDING VERIFICATION instead of the
   * `scanned` state until the answer moves them (apps/server/src/api/verification/scan-verification.ts).
   * `onComplete`: what the family's completion decommissions there (`CompletionDecommission`).
   */
  verification?: { onScan?: 'verify'; onComplete?: CompletionDecommission };
  /**
   * The family counts stock by material and batch instead of moving serialised units (ScanLite,
   * decision 0027): a scan reads a pack's GTIN (01) and batch (10) and adds one pack to the line of
   * that material and batch (`decideCount`); no unit changes state and none is ever on the document,
   * so completion moves no unit and records the counts with the lines' shortages. `scanPath` is the
   * family's own scan path beside /api/scanForOperation, with the same body.
   */
  counted?: { scanPath: string };
  /**
   * The family changes aggregation instead of unit states (repack, decision 0048): a document moves
   * units onto or off one destination pallet or carton, and its completion keeps EPCIS 2.0
   * AggregationEvents (ADD with bizStep `add`, DELETE with bizStep `remove`, CBV 2.0 section 7.1). The
   * generic scan, reverse and completion paths refuse its documents (FAMILY_OWN_PATHS) and name these
   * paths; its own service answers them and its details (`api.details`).
   */
  aggregates?: { scanPath: string; completePath: string; add: string; remove: string };
  /**
   * The family counts stock against a snapshot instead of moving it (the stock take, issue 31, decision
   * 0079): a scan through /api/scanForOperation (same body, decoding, scanId idempotency, document lock and
   * offline queue as every family) records that the unit, and everything under a pallet or carton, was
   * counted, and changes no unit; a unit outside the snapshot is recorded as found, not refused. The engine
   * hands such scans to the stock take's service by this marker, never by the family's name. Its own paths
   * under `path` create it (the snapshot), answer its details and variance, recount a line, complete it
   * with reasons and approve it; the generic reverse and completion paths refuse its documents
   * (FAMILY_OWN_PATHS). `actions`: the family's own action for each engine action its paths take (a
   * count's scan needs Count, not Scan).
   */
  stockTake?: { path: string; actions: { Scan: Action; DeleteScannedItem: Action; Complete: Action } };
  /**
   * The family scans packs into labelled cartons under a BPR No. (redress, decision 0036): the redress
   * paths (/api/rrdCartons, /api/validateBPR, /api/validateRRDLabel, /api/scanSeries, /api/replacePack)
   * run the documents of the full family with this mark, behind its module (decision 0085).
   */
  labelledCartons?: true;
  /**
   * The family's completed documents are in the discrepancies report (issue 32, decision 0077) when their
   * lines were scanned short or over: receiving, dispatch and returns, and their lite families (which
   * keep the mark), whose lines mean the same.
   */
  discrepancies?: true;
  /**
   * CBV 2.0 business step and disposition of the completed movement (EPCIS ObjectEvent), and the type of
   * the document as its business transaction (CBV 2.0 section 7.3; none when no CBV type fits, decision 0017).
   */
  cbv: { bizStep: string; disposition: string; bizTransactionType?: BizTransactionType };
  complete: {
    ok: MessageCode;
    error: MessageCode;
    /** A completion path of its own with the document number under `field`; every family also has /api/completeOperation. */
    path?: string;
    field?: string;
  };
  /**
   * A completed document may be reopened (spec point 4 for redress; ours for dispatch and scrapping,
   * decision 0081): its units still in the completed state go back to the scanned state, those changed
   * since stay as they are and are named. What its completion decommissioned in the national system is
   * undone first, where the system can undo it; where it cannot (a destruction), the reopen is refused.
   */
  reopen?: {
    ok: MessageCode;
    error: MessageCode;
    /** Asked before reopening (the web's words): its title, and what happens, with {number}. */
    title: string;
    text: string;
  };
  /** The refusal of a delete from a completed document (default: the item's status does not allow it). */
  deleteCompleted?: MessageCode;
  api: {
    list: string;
    /** The details path; the number is its last segment. */
    details: string;
  };
  labels: FamilyLabels;
  /** What the web needs to show the family: its pages, tile, drawing and titles (web-facts.ts, decision 0086). */
  web?: FamilyWeb;
}

/**
 * What completing a document decommissions in the national verification system of its warehouse (issue
 * 28, decision 0081), where the warehouse has one: every pack that took the completed state, pallets' and
 * cartons' packs included, one request per product, batch and expiry. `destroy`: EU FMD G130/G135, never
 * undone; `export`: G140/G145, undone by a reopen within 10 days (G141/G147). `when`: on every completion,
 * or only on a document the ERP marked `export: true` (a dispatch leaving the market; one inside it
 * decommissions nothing). Only a family whose entry says 'export' takes that mark.
 */
export interface CompletionDecommission {
  operation: 'destroy' | 'export';
  when: 'completed' | 'export';
}

/** The decommission a document's completion asks of its national system: none when its family asks none, or asks only for an export and the ERP did not mark it one. */
export function completionDecommission(family: FamilyEntry, markedExport: boolean): CompletionDecommission['operation'] | undefined {
  const asked = family.verification?.onComplete;
  if (!asked) return undefined;
  return asked.when === 'completed' || markedExport ? asked.operation : undefined;
}

/** Whether the ERP may mark the family's documents `export: true`. */
export function takesExportMark(family: FamilyEntry | undefined): boolean {
  return family?.verification?.onComplete?.when === 'export';
}

/** The words the web shows for a family: the spec's where it has them. */
export interface FamilyLabels {
  /** 'IBD No.', 'OBD No.', 'RMA No.', 'SN No.' */
  number: string;
  /** The scan step's title: 'Scan IBD No.', 'Scan Scrapping Note'. */
  scanNumber: string;
  /** The quantity column of scanned packs: 'Qty Received', 'Qty Dispatched', … */
  quantityDone: string;
  /** The list's search placeholder. */
  searchPlaceholder: string;
  /** The sort option by number: 'IBD No.', 'OBD No.', … */
  sortNumber: string;
  /** For the empty state 'There are currently no …'. */
  documents: string;
  /** Asked before completing. */
  completeTitle: string;
  completeText: string;
}

/** Whether the ERP sends the family's documents: all but the stock take's, which the product issues with its snapshot. */
export function sentByErp(family: FamilyEntry): boolean {
  return !family.stockTake;
}

/** The action a family's document needs for an engine action: the family's own name for it (a count's Count), else the same. */
export function familyAction(family: FamilyEntry | undefined, action: Action): Action {
  const own = family?.stockTake?.actions as Partial<Record<Action, Action>> | undefined;
  return own?.[action] ?? action;
}

/**
 * Checks the entry's shape at definition (a typo in a family is a type error, not a runtime surprise),
 * keeping its type and module as literal types.
 */
export function defineFamily<const T extends string, const M extends string>(family: FamilyEntry<T, M>): FamilyEntry<T, M> {
  return family;
}
