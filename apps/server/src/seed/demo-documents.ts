import { demoProduct } from './demo-catalogue.ts';
import { CodeMaker, type CartonSpec, type PackSpec, type PalletSpec, type Shipment } from './epcis-builder.ts';
import type { StockUnit } from './stock-builder.ts';

/**
 * The demo documents and every code on them (README: "Demo documents to try"), known without a
 * database: the demo seed (inventory.ts) puts them in, and tests that need a demo unit read its code
 * here. Every code is drawn from one `CodeMaker(4242)` in a fixed order: a new document draws after
 * the existing ones, so theirs never change.
 */
export const DEMO_IBDS = {
  open: '1800000101',
  openSecond: '1800000102',
  inProgress: '1800000103',
  completed: '1800000104',
  /** Completed: the stock the regional dispatch, return and scrapping documents fit. */
  stock: '1800000105',
  local: '1800000201',
  /** Completed, in W3010: the stock the local documents fit. */
  localStock: '1800000202',
  /** Completed, in W3010: the stock the demo lite documents fit (decision 0039). */
  liteStock: '1800000203',
  /** Completed, in W3010: the stock the demo redress POs fit (decision 0036). */
  redressStock: '1800000204',
  /** Completed, in W2010: the stock the demo regional repack RP00000001 moves, on no other document. */
  repackStock: '1800000107',
} as const;

/** Lite documents (decision 0039), created in the product by the local operator. */
export const DEMO_LITE = {
  /** Dispatch+, Open: a line of 8 Salbutamol inhaler packs (10000036) of the 2028 batch, the lite stock's carton and loose packs. */
  dispatch: 'LD2026001',
} as const;

/** Redress production orders in W3010 (decision 0036), of Losartan 50 mg (10000064), its 2028 batch. */
export const DEMO_REDRESS = {
  /** Open, no BPR No. yet: 10 packs to redress. */
  open: '5000000201',
  /** In Progress, BPR No. BPR-2026-0202: 6 packs, one carton labelled for 6 with 2 packs scanned. */
  inProgress: '5000000202',
  /** Completed, BPR No. BPR-2026-0203: 4 packs redressed in one carton. */
  completed: '5000000203',
} as const;
export const DEMO_REDRESS_BPR = { inProgress: 'BPR-2026-0202', completed: 'BPR-2026-0203' } as const;

/** The stock the demo redress POs fit, and the carton SSCCs their labels carry. */
export interface DemoRedressStock {
  /** 12 packs for the Open PO: 10 to redress, 2 to replace a damaged one with. */
  open: PackSpec[];
  /** Carton SSCCs for the Open PO's labels (the README prints them as labels). */
  openCartons: [string, string];
  /** 6 packs for the In Progress PO (the first 2 scanned) and its carton's SSCC. */
  inProgress: PackSpec[];
  inProgressCarton: string;
  /** 4 packs, redressed, and their carton's SSCC. */
  completed: PackSpec[];
  completedCarton: string;
}

/** The stock the demo lite documents fit: Salbutamol 100 mcg inhaler (10000036), 2028 batch, in W3010. */
export interface DemoLiteStock {
  /** 6 packs. */
  carton: CartonSpec;
  /** 2 loose packs. */
  packs: PackSpec[];
}

/** Regional (W2010) dispatch, return and scrapping documents that fit the demo stock. */
export const DEMO_DOCUMENTS = {
  /** OBD, Open: the pallet, the older carton and three Ibuprofen packs. */
  dispatch: '8000000101',
  /** OBD, Completed: dispatched the return carton and two Ibuprofen packs. */
  dispatched: '8000000102',
  /** RMA, Open: what OBD 8000000102 dispatched comes back. */
  return: '6000000101',
  /** DECOMM, Open: the damaged carton and the expired lot. */
  scrap: '7000000101',
} as const;

/** Local (W3010) documents of every family on the engine that fit the local demo stock. */
export const DEMO_LOCAL_DOCUMENTS = {
  /** OBD, Open: an Amlodipine carton and four Cetirizine packs. */
  dispatch: '8000000201',
  /** OBD, Completed: dispatched an Amoxicillin carton and two Metformin packs. */
  dispatched: '8000000202',
  /** RMA, Open: what OBD 8000000202 dispatched comes back. */
  return: '6000000201',
  /** DECOMM, Open: the damaged Insulin carton and the expired Insulin packs. */
  scrap: '7000000201',
  /** STO, Open, to plant 2010 (W2010): the Paracetamol pallet. */
  transfer: '3000000201',
  /** IBD in W2010, Open, naming STO 3000000201: receives the pallet once the transfer is completed. */
  transferReceipt: '1800000106',
  /** RTP, Open: the quarantined Omeprazole carton and three short-dated Omeprazole packs. */
  rtp: '4000000201',
} as const;

/** The local warehouse's stock in W3010, received through IBD 1800000202. */
export interface DemoLocalStock {
  /** Paracetamol 500 mg (10000001), its 2028 batch: 2 cartons of 10 packs, to transfer. */
  pallet: PalletSpec;
  /** Amlodipine 5 mg (10000050), its 2028 batch: 12 packs. */
  carton: CartonSpec;
  /** Cetirizine 10 mg (10000057), its 2028 batch: 4 loose packs. */
  loosePacks: PackSpec[];
  /** Amoxicillin 250 mg (10000008), 2028 batch, 6 packs: dispatched (OBD 8000000202), to come back (RMA 6000000201). */
  returnCarton: CartonSpec;
  /** Metformin 850 mg (10000015), 2028 batch, 2 loose packs: dispatched and to come back with the carton. */
  returnPacks: PackSpec[];
  /** Insulin glargine (10000043), 5 packs of its 2028 batch, set DAMAGED after receipt. */
  damagedCarton: CartonSpec;
  /** Insulin glargine, 2 loose packs of a lot that expired on 2026-10-31. */
  expiredPacks: PackSpec[];
  /** Omeprazole 20 mg (10000029), 6 packs of its 2028 batch, set QUARANTINE after receipt: back to the principal. */
  quarantinedCarton: CartonSpec;
  /** Omeprazole 20 mg, 3 loose packs of its 2027 batch: back to the principal too. */
  shortDatedPacks: PackSpec[];
}

/** The demo warehouse's stock in W2010, received through IBD 1800000105. */
export interface DemoStock {
  /** Losartan 50 mg (10000064), its 2028 batch: 4 cartons of 10 packs. */
  pallet: PalletSpec;
  /** Losartan 50 mg, its 2027 batch: 10 packs expiring before the pallet's (first expiry, first out). */
  olderCarton: CartonSpec;
  /** Ibuprofen 400 mg (10000071), its 2028 batch: 3 loose packs. */
  loosePacks: PackSpec[];
  /** Losartan 50 mg, 2028 batch, 10 packs: dispatched (OBD 8000000102), to come back (RMA 6000000101). */
  returnCarton: CartonSpec;
  /** Ibuprofen 400 mg, 2 loose packs: dispatched and to come back with the carton. */
  returnPacks: PackSpec[];
  /** Atorvastatin 20 mg (10000022), 6 packs of its 2028 batch, set DAMAGED after receipt. */
  damagedCarton: CartonSpec;
  /** Atorvastatin 20 mg, 3 loose packs of a lot that expired on 2026-10-31. */
  expiredPacks: PackSpec[];
}

/**
 * The regional repack's stock in W2010 (README: "Repack"), received through IBD 1800000107: units of
 * its own, so finishing another demo document first never locks what the repack moves (issue 27).
 */
export interface DemoRepackStock {
  /** Losartan 50 mg (10000064), its 2028 batch: 4 cartons of 10 packs, the repack's destination. */
  pallet: PalletSpec;
  /** Ibuprofen 400 mg (10000071), its 2028 batch: 2 loose packs to put on the pallet. */
  packs: PackSpec[];
}

export interface DemoInventory {
  ibds: Record<keyof typeof DEMO_IBDS, Shipment>;
  stock: DemoStock;
  /** The units on each regional document; its lines fit them exactly. */
  documents: Record<keyof typeof DEMO_DOCUMENTS, StockUnit[]>;
  localStock: DemoLocalStock;
  /** The units on each local document (and on the IBD receiving the transfer); its lines fit them exactly. */
  localDocuments: Record<keyof typeof DEMO_LOCAL_DOCUMENTS, StockUnit[]>;
  liteStock: DemoLiteStock;
  redressStock: DemoRedressStock;
  repackStock: DemoRepackStock;
}

/** A lot past its expiry (the demo's day is 2026-11-20). */
export const EXPIRED_LOT = { batch: 'L2610093', expiry: '2026-10-31' } as const;
/** The local expired lot, of Insulin glargine. */
export const LOCAL_EXPIRED_LOT = { batch: 'L2610094', expiry: '2026-10-31' } as const;

function demoInventory(): DemoInventory {
  const codes = new CodeMaker(4242);
  const product = (i: number) => demoProduct(i);
  const open = { pallets: [codes.pallet(4, 12, product(0))], cartons: [codes.carton(12, product(1))], packs: codes.packs(6, product(2)) };
  const openSecond = { pallets: [codes.pallet(2, 24, product(3))], packs: codes.packs(4, product(2)) };
  const inProgress = { pallets: [codes.pallet(3, 10, product(4)), codes.pallet(3, 10, product(4))] };
  const completed = { pallets: [codes.pallet(2, 10, product(5))], cartons: [codes.carton(10, product(6))] };
  const local = { cartons: [codes.carton(20, product(7)), codes.carton(20, product(8))] };

  const losartan = demoProduct(9, 2028);
  const stock: DemoStock = {
    pallet: codes.pallet(4, 10, losartan),
    olderCarton: codes.carton(10, demoProduct(9, 2027)),
    loosePacks: codes.packs(3, demoProduct(10, 2028)),
    returnCarton: codes.carton(10, losartan),
    returnPacks: codes.packs(2, demoProduct(10, 2028)),
    damagedCarton: codes.carton(6, demoProduct(3, 2028)),
    expiredPacks: codes.packs(3, { ...demoProduct(3), ...EXPIRED_LOT }),
  };
  const dispatched = [stock.returnCarton, ...stock.returnPacks];
  // Drawn after the regional stock, so no earlier code changes.
  const localStock: DemoLocalStock = {
    pallet: codes.pallet(2, 10, demoProduct(0, 2028)),
    carton: codes.carton(12, demoProduct(7, 2028)),
    loosePacks: codes.packs(4, demoProduct(8, 2028)),
    returnCarton: codes.carton(6, demoProduct(1, 2028)),
    returnPacks: codes.packs(2, demoProduct(2, 2028)),
    damagedCarton: codes.carton(5, demoProduct(6, 2028)),
    expiredPacks: codes.packs(2, { ...demoProduct(6), ...LOCAL_EXPIRED_LOT }),
    quarantinedCarton: codes.carton(6, demoProduct(4, 2028)),
    shortDatedPacks: codes.packs(3, demoProduct(4, 2027)),
  };
  const localDispatched = [localStock.returnCarton, ...localStock.returnPacks];
  // Drawn after the local stock, so no earlier code changes.
  const liteStock: DemoLiteStock = { carton: codes.carton(6, demoProduct(5, 2028)), packs: codes.packs(2, demoProduct(5, 2028)) };
  // Drawn after the lite stock, so no earlier code changes.
  const losartan2028 = demoProduct(9, 2028);
  const redressStock: DemoRedressStock = {
    open: codes.packs(12, losartan2028),
    openCartons: [codes.sscc(), codes.sscc()],
    inProgress: codes.packs(6, losartan2028),
    inProgressCarton: codes.sscc(),
    completed: codes.packs(4, losartan2028),
    completedCarton: codes.sscc(),
  };
  // Drawn after the redress stock, so no earlier code changes.
  const repackStock: DemoRepackStock = { pallet: codes.pallet(4, 10, losartan), packs: codes.packs(2, demoProduct(10, 2028)) };
  return {
    ibds: {
      open,
      openSecond,
      inProgress,
      completed,
      local,
      stock: {
        pallets: [stock.pallet],
        cartons: [stock.olderCarton, stock.returnCarton, stock.damagedCarton],
        packs: [...stock.loosePacks, ...stock.returnPacks, ...stock.expiredPacks],
      },
      localStock: {
        pallets: [localStock.pallet],
        cartons: [localStock.carton, localStock.returnCarton, localStock.damagedCarton, localStock.quarantinedCarton],
        packs: [...localStock.loosePacks, ...localStock.returnPacks, ...localStock.expiredPacks, ...localStock.shortDatedPacks],
      },
      liteStock: { cartons: [liteStock.carton], packs: liteStock.packs },
      redressStock: { packs: [...redressStock.open, ...redressStock.inProgress, ...redressStock.completed] },
      repackStock: { pallets: [repackStock.pallet], packs: repackStock.packs },
    },
    stock,
    documents: {
      dispatch: [stock.pallet, stock.olderCarton, ...stock.loosePacks],
      dispatched,
      return: dispatched,
      scrap: [stock.damagedCarton, ...stock.expiredPacks],
    },
    localStock,
    localDocuments: {
      dispatch: [localStock.carton, ...localStock.loosePacks],
      dispatched: localDispatched,
      return: localDispatched,
      scrap: [localStock.damagedCarton, ...localStock.expiredPacks],
      transfer: [localStock.pallet],
      transferReceipt: [localStock.pallet],
      rtp: [localStock.quarantinedCarton, ...localStock.shortDatedPacks],
    },
    liteStock,
    redressStock,
    repackStock,
  };
}

export const DEMO_INVENTORY: DemoInventory = demoInventory();

/**
 * ScanLite documents in W3010 (decision 0027): counted stock, no serialised unit on them. Each line is
 * a material and batch of the catalogue; a pack's GS1 code (GTIN, expiry, batch) counts one pack, and
 * `scanLiteCode` writes the code that finishes a line (README: "Demo documents to try").
 */
export const DEMO_SCANLITE = {
  /** Open: 3 Cetirizine 10 mg packs and 2 Paracetamol 500 mg packs, each of its 2028 batch. */
  obd: {
    number: '9000000201',
    lines: [
      { product: demoProduct(8, 2028), quantity: 3 },
      { product: demoProduct(0, 2028), quantity: 2 },
    ],
  },
  /** Open: 4 Metformin 850 mg packs of its 2028 batch (a work order, under the WO list type). */
  wo: { number: '9000000202', lines: [{ product: demoProduct(2, 2028), quantity: 4 }] },
} as const;

/** A non-serialised pack's code as a scanner sends it: GS1 DataMatrix (]d2), GTIN (01), expiry (17), batch (10) last. */
export function scanLiteCode(p: { gtin: string; batch: string; expiry: string }): string {
  const yymmdd = p.expiry.slice(2).replaceAll('-', '');
  return `]d201${p.gtin}17${yymmdd}10${p.batch}`;
}
