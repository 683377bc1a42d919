import { randomUUID } from 'node:crypto';
import type { DocumentType, UnitType } from '@pharma/domain';
import type { DocumentBody } from '@pharma/domain/contract/inventory';
import type { z } from 'zod';
import { epcisDocument, packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec, type Shipment } from './epcis-builder.ts';

/**
 * Stock and documents built by code, for the demo seed, the API tests and the browser tests alike:
 * an IBD staged with its EPCIS advance shipping notice, received by scans and completion, and a
 * document of any family whose lines fit given stock. Every step goes through the server's own
 * intake, scan and complete code; a `StockPort` says how to reach it: its services in-process
 * (`servicePort`, the demo seed) or its HTTP API (`httpPort`, the tests).
 */
export interface StockPort {
  putDocument(type: DocumentType, number: string, body: DocumentInput): Promise<void>;
  postEpcis(document: Record<string, unknown>): Promise<void>;
  /** An accepted scan's warnings; a refusal throws. */
  scan(req: { docType: DocumentType; docNo: string; code: string; unit: UnitType; scanId: string }): Promise<{ warnings: string[] }>;
  complete(type: DocumentType, number: string): Promise<void>;
}

export type DocumentInput = z.infer<typeof DocumentBody>;
type DocumentLineInput = DocumentInput['lines'][number];

/** A material as the builders need it: its number and its GTIN (to put a pack on the right line). */
export interface MaterialRef {
  materialNo: string;
  gtin: string;
}

/** A material with the batch its packs get: what `CodeMaker` builds packs of. */
export interface Product extends MaterialRef {
  batch: string;
  expiry: string;
}

/** Anything that can be scanned: a pallet, a carton or a pack. */
export type StockUnit = PalletSpec | CartonSpec | PackSpec;

export const DOC_DATE = '2026-11-22';

/** Every pack of a shipment or of a list of units, pallets' and cartons' packs included. */
export function packsOf(stock: Shipment | readonly StockUnit[]): PackSpec[] {
  const units = isUnitList(stock) ? stock : unitsOf(stock);
  return units.flatMap((u) => ('cartons' in u ? u.cartons.flatMap((c) => c.packs) : 'packs' in u ? u.packs : [u]));
}

function isUnitList(stock: Shipment | readonly StockUnit[]): stock is readonly StockUnit[] {
  return Array.isArray(stock);
}

/** The units of a shipment as a scanner meets them: pallets, loose cartons, loose packs. */
export function unitsOf(shipment: Shipment): StockUnit[] {
  return [...(shipment.pallets ?? []), ...(shipment.cartons ?? []), ...(shipment.packs ?? [])];
}

/**
 * Document lines that fit the packs exactly: one per material and batch in the order met, numbered
 * 10, 20, …; `extra` packs more on the first line (expected, never sent: a shortage).
 */
export function linesFor(packs: readonly PackSpec[], materials: readonly MaterialRef[], extra = 0): DocumentLineInput[] {
  const counts = new Map<string, { materialNo: string; batchNo: string; quantity: number }>();
  for (const p of packs) {
    const material = materials.find((m) => m.gtin === p.gtin);
    if (!material) throw new Error(`no material has GTIN ${p.gtin}`);
    const key = `${material.materialNo}|${p.batch}`;
    const line = counts.get(key) ?? { materialNo: material.materialNo, batchNo: p.batch, quantity: 0 };
    line.quantity += 1;
    counts.set(key, line);
  }
  return [...counts.values()].map((c, i) => ({ lineNo: (i + 1) * 10, ...c, quantity: c.quantity + (i === 0 ? extra : 0) }));
}

export interface DocumentOptions {
  warehouseNo?: string;
  date?: string;
}

/** What a document of some families names besides its lines: a transfer's destination, the STO an IBD receives. */
type DocumentLinks = Pick<DocumentInput, 'destination' | 'receives'>;

/** An IBD whose lines fit the shipment (plus `extra` packs on its first line), and its advance shipping notice. */
export async function stageIbd(
  port: StockPort,
  ibdNo: string,
  shipment: Shipment,
  materials: readonly MaterialRef[],
  { warehouseNo = 'W2010', date = DOC_DATE, extra = 0 }: DocumentOptions & { extra?: number } = {},
): Promise<void> {
  await port.putDocument('IBD', ibdNo, { warehouseNo, date, lines: linesFor(packsOf(shipment), materials, extra) });
  await port.postEpcis(epcisDocument({ ...shipment, ibdNo }));
}

/** A document of any family whose lines fit the given stock exactly. */
export async function putDocumentFor(
  port: StockPort,
  type: DocumentType,
  number: string,
  stock: Shipment | readonly StockUnit[],
  materials: readonly MaterialRef[],
  { warehouseNo = 'W2010', date = DOC_DATE, ...links }: DocumentOptions & DocumentLinks = {},
): Promise<void> {
  await port.putDocument(type, number, { warehouseNo, date, lines: linesFor(packsOf(stock), materials), ...links });
}

/** What a scanner sends for a unit: a GS1-128 SSCC label for a pallet or carton, a DataMatrix for a pack. */
export function scanOf(unit: StockUnit): { code: string; unit: UnitType } {
  if ('cartons' in unit) return { code: ssccScan(unit.sscc), unit: 'PLT' };
  if ('packs' in unit) return { code: ssccScan(unit.sscc), unit: 'CTN' };
  return { code: packScan(unit), unit: 'EA' };
}

/** Scans the units on a document, one scan each, and returns the warnings of each scan. */
export async function scanUnits(port: StockPort, docType: DocumentType, docNo: string, units: readonly StockUnit[]): Promise<string[][]> {
  const warnings: string[][] = [];
  for (const unit of units) {
    const answer = await port.scan({ docType, docNo, ...scanOf(unit), scanId: randomUUID() });
    warnings.push(answer.warnings);
  }
  return warnings;
}

/** Scans every unit onto the document and completes it: received, dispatched, returned or scrapped. */
export async function scanAndComplete(port: StockPort, docType: DocumentType, docNo: string, units: readonly StockUnit[]): Promise<void> {
  await scanUnits(port, docType, docNo, units);
  await port.complete(docType, docNo);
}

/** An IBD staged and received in full: its stock ends ACTIVE / WAREHOUSE RECEIVED in the IBD's warehouse. */
export async function receiveIbd(
  port: StockPort,
  ibdNo: string,
  shipment: Shipment,
  materials: readonly MaterialRef[],
  options: DocumentOptions = {},
): Promise<void> {
  await stageIbd(port, ibdNo, shipment, materials, options);
  await scanAndComplete(port, 'IBD', ibdNo, unitsOf(shipment));
}

/** One HTTP call: a Fastify `inject`, Playwright's request context or `fetch` behind it. */
export type Send = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => Promise<{ status: number; text: string }>;

/**
 * The server's HTTP API as a port, with a signed-in caller behind `send` (the ERP's INTEGRATION
 * right for intake; the family's module for scans and completion). `area` is sent as `?area=`.
 */
/** Polls an EPCIS intake job until it ends; a failed job throws with its error. */
async function jobDone(send: Send, id: string): Promise<void> {
  for (;;) {
    const res = await send('GET', `/api/integration/epcis/jobs/${id}`);
    const job = JSON.parse(res.text) as { status: string; error?: unknown };
    if (res.status === 200 && job.status === 'done') return;
    if (res.status !== 200 || job.status !== 'running') throw new Error(`EPCIS job ${id}: ${res.status} ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function httpPort(send: Send, { area }: { area?: 'RDC' | 'LDC' } = {}): StockPort {
  const query = area ? `?area=${area}` : '';
  const call = async (method: 'PUT' | 'POST', path: string, body: unknown): Promise<string> => {
    const res = await send(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.text;
  };
  return {
    putDocument: async (type, number, body) => void (await call('PUT', `/api/integration/documents/${type}/${number}`, body)),
    postEpcis: async (document) => {
      const res = await send('POST', '/api/integration/epcis', document);
      // A large notice is a job (decisions 0043, 0082): followed until it is done, as a supplier's client does.
      if (res.status === 202) return jobDone(send, (JSON.parse(res.text) as { id: string }).id);
      if (res.status !== 200) throw new Error(`POST /api/integration/epcis: ${res.status} ${res.text}`);
    },
    scan: async (req) => JSON.parse(await call('POST', `/api/scanForOperation${query}`, { ...req, idType: 'GS1' })),
    complete: async (type, number) => void (await call('POST', `/api/completeOperation${query}`, { docType: type, docNo: number })),
  };
}
