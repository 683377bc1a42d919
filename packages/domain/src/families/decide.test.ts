import { describe, expect, it } from 'vitest';
import { decideScan, type ScanInput } from './decide.ts';
import type { Family } from './registry.ts';
import type { ScanUnit } from './family.ts';
import { familyOf } from './create-registry.ts';
import { dispatch, FAMILIES, receive, redress, returns, returnToPrincipal, scrap, transfer } from './registry.ts';
import { isLocked } from '../rules/item-status.ts';
import { fullBundlesOnly, isScannable, notExpired } from './rules.ts';
import { message, MESSAGES } from '../messages.ts';

const TODAY = '2026-11-23';
let n = 0;
const unit = (over: Partial<ScanUnit> = {}): ScanUnit => ({
  id: `u${++n}`,
  batchStatus: 'RELEASED',
  type: 'EA',
  parentId: null,
  status: 'ACTIVE',
  reason: 'WAREHOUSE RECEIVED',
  warehouseNo: 'W2010',
  materialNo: '10000001',
  batchNo: 'B1',
  expiry: '2028-01-31',
  label: `08881234100009/S${n}`,
  ...over,
});
const carton = (packs: ScanUnit[], over: Partial<ScanUnit> = {}): ScanUnit[] => {
  const c = unit({ type: 'CTN', materialNo: null, batchNo: null, expiry: null, label: '088812340000000017', ...over });
  return [c, ...packs.map((p) => ({ ...p, parentId: c.id }))];
};

function input(family: Family, tree: ScanUnit[], over: Partial<ScanInput> = {}): ScanInput {
  return {
    family,
    document: { type: family.type, number: '8000000001', status: 'Open', warehouseNo: 'W2010' },
    root: tree[0]!,
    tree,
    lines: [{ lineNo: 10, materialNo: '10000001', batchNo: 'B1', quantity: 10, scanned: 0 }],
    expected: true,
    olderStock: [],
    today: TODAY,
    ...over,
  };
}

describe('the family registry', () => {
  it('checks first expiry, first out only against ACTIVE stock, the stock the database keeps for it (decision 0054)', () => {
    const fefo = FAMILIES.filter((f) => f.fefo);
    expect(fefo.map((f) => f.type)).toEqual(['OBD', 'STO']);
    for (const f of fefo) expect(f.scannable.map((s) => s.status)).toEqual(['ACTIVE']);
  });

  it('holds one entry per document type, each with the spec’s completion messages', () => {
    expect(new Set(FAMILIES.map((f) => f.type)).size).toBe(FAMILIES.length);
    expect(familyOf('OBD')).toBe(dispatch);
    expect(familyOf('RRD')).toBe(redress);
    expect(familyOf('REPACK')?.aggregates).toBeDefined();
    expect(familyOf('NOPE')).toBeUndefined();
    expect(MESSAGES[redress.complete.ok]).toBe('Redress scans saved successfully!');
    expect(MESSAGES[redress.complete.error]).toBe('Error completing redress... Please try again later.');
    expect(MESSAGES[redress.reopen!.ok]).toBe('Document Reopened Successfully!');
    expect(MESSAGES[redress.reopen!.error]).toBe('Error reopening document... Please try again later.');
    expect(MESSAGES[redress.deleteCompleted!]).toBe('Redress has already been completed. Deletion is not allowed.');
    expect(MESSAGES[dispatch.complete.ok]).toBe('GI scan saved successfully!');
    expect(MESSAGES[returns.complete.ok]).toBe('Returns scans saved successfully!');
    expect(MESSAGES[scrap.complete.ok]).toBe('Decomm. scans saved successfully!');
    expect(MESSAGES[dispatch.complete.error]).toBe('Error completing Dispatch. Please try again later.');
    expect(MESSAGES[transfer.complete.ok]).toBe('Transfer scans saved successfully!');
    expect(MESSAGES[transfer.complete.error]).toBe('Error completing transfer... Please try again later.');
    expect(MESSAGES[returnToPrincipal.complete.ok]).toBe('RTP completed successfully!');
    expect(MESSAGES[returnToPrincipal.complete.error]).toBe('Error completing RTP... Please try again later.');
  });

  it('transfer takes saleable stock and announces it to the destination; RTP takes any stock on hand and leaves it dispatched and locked', () => {
    expect(transfer.scannable).toEqual(dispatch.scannable);
    expect(transfer.rules).toEqual(expect.arrayContaining([fullBundlesOnly, notExpired]));
    expect(transfer.completed).toMatchObject(receive.announced!);
    expect(familyOf(transfer.handOver!.to)).toBe(receive);
    expect(returnToPrincipal.scannable).toEqual(scrap.scannable);
    expect(returnToPrincipal.rules).toContain(fullBundlesOnly);
    expect(isLocked(returnToPrincipal.completed.status, returnToPrincipal.completed.reason)).toBe(true);
    for (const f of [transfer, returnToPrincipal]) {
      for (const s of f.scannable) for (const r of s.reasons) expect(isLocked(s.status, r)).toBe(false);
      expect(isLocked(f.scanned.status, f.scanned.reason)).toBe(true);
    }
  });

  it('dispatch and scrapping never take a locked unit (spec point 4), returns only dispatched ones, and no family scans a unit twice', () => {
    for (const f of [dispatch, scrap]) for (const s of f.scannable) for (const r of s.reasons) expect(isLocked(s.status, r)).toBe(false);
    expect(returns.scannable).toEqual([{ status: 'TRANSIT', reasons: ['DISPATCHED'] }]);
    for (const f of FAMILIES)
      expect(f.scannable.some((s) => s.status === f.scanned.status && s.reasons.includes(f.scanned.reason))).toBe(false);
  });

  it('a pack that must never be sold again has a way out of quarantine: scrapping or return to principal, never dispatch or redress', () => {
    // Issue 28: the national system did not verify it (EU FMD: a suspect pack is not released);
    // decision 0070: its batch is recalled, which is final. A pack waiting for its answer, or of a batch
    // on hold, waits for the decision.
    const way = (reason: ScanUnit['reason']) =>
      [scrap, returnToPrincipal, dispatch, redress, transfer]
        .filter((f) => isScannable(f, { status: 'QUARANTINE', reason }))
        .map((f) => f.type);
    expect(way('VERIFICATION FAILED')).toEqual(['DECOMM', 'RTP']);
    expect(way('RECALLED')).toEqual(['DECOMM', 'RTP']);
    expect(way('PENDING VERIFICATION')).toEqual([]);
    expect(way('ON HOLD')).toEqual([]);
    for (const f of [scrap, returnToPrincipal]) expect(isScannable(f, { status: 'ACTIVE', reason: 'VERIFICATION FAILED' })).toBe(false);
  });

  it('scrapping leaves units locked for good (spec point 4: DESTROYED with OTHER)', () => {
    expect(isLocked(scrap.completed.status, scrap.completed.reason)).toBe(true);
    expect(isLocked(dispatch.completed.status, dispatch.completed.reason)).toBe(true);
  });
});

describe('decideScan', () => {
  it('accepts saleable stock on a dispatch, counting every pack under a carton and moving the tree to the scanned state', () => {
    const tree = carton([unit(), unit(), unit()]);
    const d = decideScan(input(dispatch, tree));
    expect(d).toMatchObject({ ok: true, packs: 3, state: { status: 'PENDING', reason: 'DISPATCHED' }, warnings: [] });
    if (d.ok) expect([...d.counts]).toEqual([[10, 3]]);
  });

  it.each([
    ['QUARANTINE', 'WAREHOUSE RECEIVED'],
    ['DAMAGED', 'WAREHOUSE RECEIVED'],
    ['EXPIRED', 'WAREHOUSE RECEIVED'],
    ['SHORTAGE', 'PENDING GR'],
    ['TRANSIT', 'DISPATCHED'],
    ['DESTROYED', 'OTHER'],
  ] as const)('refuses to dispatch a unit in %s / %s, naming its status', (status, reason) => {
    const d = decideScan(input(dispatch, [unit({ status, reason })]));
    expect(d).toMatchObject({ ok: false, refusal: { status: 409, code: 'NOT_SALEABLE', params: { status: `${status} / ${reason}` } } });
  });

  it('refuses a pallet when one pack deep inside it is not saleable', () => {
    const tree = carton([unit(), unit({ status: 'QUARANTINE' })]);
    expect(decideScan(input(dispatch, tree))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_SALEABLE', params: { status: 'QUARANTINE / WAREHOUSE RECEIVED' } },
    });
  });

  it('says "already scanned" once the engine knows the unit is on this document', () => {
    const tree = [unit({ status: 'PENDING', reason: 'DISPATCHED' })];
    const first = decideScan(input(dispatch, tree));
    expect(first).toMatchObject({ ok: false, blocked: true });
    expect(decideScan(input(dispatch, tree, { onDocument: [tree[0]!.id] }))).toMatchObject({
      ok: false,
      refusal: { status: 409, code: 'ALREADY_SCANNED' },
    });
    expect(decideScan(input(dispatch, tree, { onDocument: [] }))).toMatchObject({
      ok: false,
      blocked: false,
      refusal: { code: 'NOT_SALEABLE' },
    });
  });

  it('a carton one of whose packs is already on the document names that pack and what to do', () => {
    const packed = { status: 'PENDING', reason: 'DISPATCHED' } as const;
    const tree = carton([unit(packed), unit(), unit()]);
    const d = decideScan(input(dispatch, tree, { onDocument: [tree[1]!.id] }));
    expect(d).toMatchObject({ ok: false, refusal: { status: 409, code: 'ALREADY_SCANNED_IN_PART' } });
    const refusal = (d as { refusal: { code: 'ALREADY_SCANNED_IN_PART'; params: Record<string, string | number> } }).refusal;
    expect(refusal.params).toEqual({ type: 'OBD', number: '8000000001', unit: 'carton', items: `Pack ${tree[1]!.label}`, count: '1' });
    expect(message(refusal.code, refusal.params)).toBe(
      `Part of this carton is already on OBD 8000000001: Pack ${tree[1]!.label}. Scan its other packs one by one with 'Add Pack', ` +
        'or remove those from the document (✕ on the scan page) and scan the carton again.',
    );
  });

  it('names the first three units already on the document and counts the rest, topmost only', () => {
    const packed = { status: 'PENDING', reason: 'DISPATCHED' } as const;
    const packs = carton([unit(packed), unit(packed), unit(packed), unit(packed), unit(packed)], packed);
    const pallet = unit({ type: 'PLT', materialNo: null, batchNo: null, expiry: null, label: '088812340000000024' });
    const cartonIn = { ...packs[0]!, parentId: pallet.id };
    const tree = [pallet, cartonIn, ...packs.slice(1)];
    // The carton (and so its packs) and nothing else: the carton is named, not its packs.
    const carton1 = decideScan(input(dispatch, tree, { onDocument: tree.slice(1).map((u) => u.id) }));
    expect(carton1).toMatchObject({ refusal: { params: { unit: 'pallet', items: 'Carton 088812340000000017', count: '1' } } });
    const five = decideScan(input(dispatch, tree, { onDocument: tree.slice(2).map((u) => u.id) }));
    expect(five).toMatchObject({
      refusal: {
        params: { items: `Pack ${tree[2]!.label}, Pack ${tree[3]!.label}, Pack ${tree[4]!.label} and 2 more`, count: '5' },
      },
    });
  });

  it('refuses stock of another warehouse', () => {
    const d = decideScan(input(dispatch, [unit({ warehouseNo: 'W3010' })]));
    expect(d).toMatchObject({
      ok: false,
      refusal: { code: 'OTHER_WAREHOUSE', params: { warehouseNo: 'W3010', documentWarehouse: 'W2010' } },
    });
  });

  it('refuses a pack whose expiry date has passed, and takes one expiring today', () => {
    expect(decideScan(input(dispatch, [unit({ expiry: '2026-11-22' })]))).toMatchObject({ ok: false, refusal: { code: 'PACK_EXPIRED' } });
    expect(decideScan(input(dispatch, [unit({ expiry: TODAY })]))).toMatchObject({ ok: true });
  });

  it('accepts with a first-expiry-first-out warning naming the older batch in stock', () => {
    const d = decideScan(input(dispatch, [unit()], { olderStock: [{ materialNo: '10000001', batchNo: 'B0', expiry: '2027-03-31' }] }));
    expect(d).toMatchObject({ ok: true, warnings: [{ code: 'FEFO_OLDER_BATCH', params: { batchNo: 'B0', expiry: '2027-03-31' } }] });
  });

  it('takes only full bundles (spec point 5): a pack of a bundle alone is refused, a bundle with a pack gone too', () => {
    const pack = unit();
    expect(decideScan(input(dispatch, [pack], { parent: { type: 'BUN', label: '08881234100016/BUN1' } }))).toMatchObject({
      ok: false,
      refusal: { code: 'PACK_IN_BUNDLE', params: { bundle: '08881234100016/BUN1' } },
    });
    const bundle = unit({ type: 'BUN', materialNo: null, batchNo: null, label: '08881234100016/BUN1' });
    const full = [bundle, unit({ parentId: bundle.id }), unit({ parentId: bundle.id })];
    expect(decideScan(input(dispatch, full))).toMatchObject({ ok: true, packs: 2 });
    const broken = [bundle, unit({ parentId: bundle.id }), unit({ parentId: bundle.id, status: 'TRANSIT', reason: 'DISPATCHED' })];
    expect(decideScan(input(dispatch, broken))).toMatchObject({ ok: false, refusal: { code: 'BUNDLE_NOT_FULL' } });
    expect(decideScan(input(dispatch, [bundle]))).toMatchObject({ ok: false, refusal: { code: 'BUNDLE_NOT_FULL' } });
    // Receiving has no bundle rule: a pack of a bundle is received on its own.
    expect(
      decideScan(input(receive, [unit({ status: 'TRANSIT', reason: 'PENDING GR' })], { parent: { type: 'BUN', label: 'x' } })),
    ).toMatchObject({ ok: true });
  });

  it("refuses 'Quantity exceeded' over a line's quantity and a material or batch not on the document", () => {
    const lines = [{ lineNo: 10, materialNo: '10000001', batchNo: 'B1', quantity: 2, scanned: 1 }];
    expect(decideScan(input(dispatch, carton([unit(), unit()]), { lines }))).toMatchObject({
      ok: false,
      refusal: { code: 'QUANTITY_EXCEEDED' },
    });
    expect(decideScan(input(dispatch, [unit({ batchNo: 'B9' })]))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_ON_DOCUMENT', params: { materialNo: '10000001', batchNo: 'B9' } },
    });
  });

  it("names several materials not on the document '*Multiple...' (spec point 3)", () => {
    const tree = carton([unit({ materialNo: '10000008' }), unit({ materialNo: '10000015' }), unit()]);
    expect(decideScan(input(dispatch, tree))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_ON_DOCUMENT', params: { materialNo: '*Multiple...' } },
    });
  });

  it('refuses scans on a Completed document', () => {
    const d = decideScan(input(dispatch, [unit()], { document: { type: 'OBD', number: '1', status: 'Completed', warehouseNo: 'W2010' } }));
    expect(d).toMatchObject({ ok: false, refusal: { status: 409, code: 'DOCUMENT_COMPLETED' } });
  });

  it('returns take only dispatched units; scrapping takes quarantined and expired stock but not dispatched units', () => {
    expect(decideScan(input(returns, [unit({ status: 'TRANSIT', reason: 'DISPATCHED', warehouseNo: 'W9999' })]))).toMatchObject({
      ok: true,
      state: { status: 'PENDING', reason: 'RETURNED' },
    });
    expect(decideScan(input(returns, [unit()]))).toMatchObject({ ok: false, refusal: { code: 'NOT_DISPATCHED' } });
    expect(decideScan(input(scrap, [unit({ status: 'QUARANTINE', reason: 'RETURNED' })]))).toMatchObject({ ok: true });
    expect(decideScan(input(scrap, [unit({ status: 'EXPIRED', expiry: '2020-01-31' })]))).toMatchObject({ ok: true });
    expect(decideScan(input(scrap, [unit({ status: 'TRANSIT', reason: 'DISPATCHED' })]))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_SCRAPPABLE' },
    });
  });

  it('receiving refuses a unit the notice does not name', () => {
    const d = decideScan(input(receive, [unit({ status: 'TRANSIT', reason: 'PENDING GR' })], { expected: false }));
    expect(d).toMatchObject({ ok: false, refusal: { code: 'NOT_EXPECTED' } });
  });
});

/** A batch on hold or recalled in the engine (issue 30, decision 0071): each family's `heldBatch` says what it means. */
describe('decideScan and a held batch', () => {
  const held = (status: 'ON_HOLD' | 'RECALLED', over: Partial<ScanUnit> = {}) => unit({ batchStatus: status, ...over });
  const inbound = { status: 'TRANSIT', reason: 'PENDING GR' } as const;

  it('dispatch and transfer refuse a pack of a held or recalled batch, naming the batch and its status', () => {
    for (const family of [dispatch, transfer]) {
      const onHold = decideScan(input(family, [held('ON_HOLD')]));
      expect(onHold).toMatchObject({
        ok: false,
        blocked: false,
        refusal: { status: 422, code: 'BATCH_HELD', params: { materialNo: '10000001', batchNo: 'B1', status: 'on hold' } },
      });
      const recalled = decideScan(input(family, [held('RECALLED')]));
      if (recalled.ok) throw new Error('a recalled pack was accepted');
      expect(message(recalled.refusal.code, recalled.refusal.params)).toBe(
        'Batch B1 of material 10000001 is recalled: this item cannot be scanned here.',
      );
      // The same pack, its batch released: taken.
      expect(decideScan(input(family, [unit()]))).toMatchObject({ ok: true, warnings: [] });
    }
  });

  it('a carton or pallet holding one pack of a held batch is refused naming the batch of that pack', () => {
    const tree = carton([unit(), held('ON_HOLD', { batchNo: 'B2' }), unit()]);
    const d = decideScan(
      input(dispatch, tree, { lines: [{ lineNo: 10, materialNo: '10000001', batchNo: null, quantity: 10, scanned: 0 }] }),
    );
    if (d.ok) throw new Error('a carton holding a held pack was accepted');
    expect(d.refusal).toEqual({
      status: 422,
      code: 'BATCH_HELD_INSIDE',
      params: { materialNo: '10000001', batchNo: 'B2', status: 'on hold', unit: 'carton' },
    });
    expect(message(d.refusal.code, d.refusal.params)).toBe(
      'This carton holds packs of batch B2 of material 10000001, which is on hold: it cannot be scanned here.',
    );
    const pallet = unit({ type: 'PLT', materialNo: null, batchNo: null, expiry: null, label: '088812340000000024' });
    const onPallet = [pallet, ...tree.map((u) => (u.parentId === null ? { ...u, parentId: pallet.id } : u))];
    expect(decideScan(input(transfer, onPallet))).toMatchObject({ refusal: { code: 'BATCH_HELD_INSIDE', params: { unit: 'pallet' } } });
    // The server reads a tree's rows in no particular order: the scanned unit need not come first.
    const shuffled = [...onPallet.slice(1).reverse(), pallet];
    expect(decideScan({ ...input(transfer, shuffled), root: pallet })).toMatchObject({
      refusal: { code: 'BATCH_HELD_INSIDE', params: { unit: 'pallet', batchNo: 'B2' } },
    });
  });

  it('the tree checks come first: a held pack in a state dispatch cannot take is refused for its state', () => {
    expect(decideScan(input(dispatch, [held('ON_HOLD', { status: 'DAMAGED' })]))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_SALEABLE' },
    });
    expect(decideScan(input(dispatch, [held('ON_HOLD', { status: 'PENDING', reason: 'DISPATCHED' })]))).toMatchObject({
      ok: false,
      blocked: true,
    });
  });

  it('receiving takes a held pack with one warning per held batch saying it goes into quarantine; the scan sets the usual state', () => {
    const d = decideScan(input(receive, [held('RECALLED', inbound)]));
    expect(d).toMatchObject({ ok: true, packs: 1, state: receive.scanned });
    if (!d.ok) throw new Error('refused');
    expect(d.warnings.map((w) => message(w.code, w.params))).toEqual([
      'Batch B1 of material 10000001 is recalled: the pack is received into quarantine.',
    ]);
    const lines = [{ lineNo: 10, materialNo: '10000001', batchNo: null, quantity: 10, scanned: 0 }];
    const tree = carton(
      [held('ON_HOLD', inbound), held('ON_HOLD', inbound), held('RECALLED', { ...inbound, batchNo: 'B3' }), unit(inbound)],
      inbound,
    );
    const several = decideScan(input(receive, tree, { lines }));
    expect(several).toMatchObject({
      ok: true,
      packs: 4,
      warnings: [
        { code: 'BATCH_HELD_QUARANTINE', params: { batchNo: 'B1', status: 'on hold' } },
        { code: 'BATCH_HELD_QUARANTINE', params: { batchNo: 'B3', status: 'recalled' } },
      ],
    });
    expect(decideScan(input(receive, [unit(inbound)]))).toMatchObject({ ok: true, warnings: [] });
  });

  it('return to principal, scrapping and returns take a recalled pack as any other, with no warning', () => {
    for (const family of [returnToPrincipal, scrap]) {
      expect(decideScan(input(family, [held('RECALLED')]))).toMatchObject({ ok: true, packs: 1, warnings: [] });
      expect(decideScan(input(family, [held('ON_HOLD', { status: 'QUARANTINE' })]))).toMatchObject({ ok: true, warnings: [] });
    }
    const dispatched = { status: 'TRANSIT', reason: 'DISPATCHED', warehouseNo: null } as const;
    expect(decideScan(input(returns, [held('RECALLED', dispatched)]))).toMatchObject({ ok: true, warnings: [] });
  });

  it("every family that scans units through the engine: a held pack it can scan is refused exactly when its heldBatch is 'refuse'", () => {
    const engine = FAMILIES.filter((f) => !f.aggregates && f.scannable.length > 0);
    expect(engine.length).toBeGreaterThan(5);
    for (const family of engine) {
      const { status, reasons } = family.scannable[0]!;
      const pack = held('ON_HOLD', { status, reason: reasons[0] ?? null, warehouseNo: 'W2010' });
      const d = decideScan(input(family, [pack]));
      expect(d.ok, family.type).toBe(family.heldBatch !== 'refuse');
      if (family.heldBatch === 'refuse') expect(d).toMatchObject({ refusal: { code: 'BATCH_HELD' } });
      if (d.ok) expect(d.warnings.length, family.type).toBe(family.heldBatch === 'quarantine' ? 1 : 0);
    }
  });
});
