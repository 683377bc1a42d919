import type { Gs1Element } from './gs1-128.ts';
import { encodable, hri } from './gs1-128.ts';

/**
 * One label layout, drawn by two renderers (zpl.ts for Zebra printers, pdf.ts for office printers), in
 * millimetres from the top-left corner. The logistic label follows the GS1 Logistic Label Guideline:
 * the sender block at the top, the content block in text, then the barcodes, the SSCC's GS1-128 at the
 * bottom, each with its human-readable interpretation under it (decision 0031).
 */
export type LabelElement =
  | { kind: 'text'; x: number; y: number; size: number; text: string; bold?: boolean }
  | { kind: 'rule'; x: number; y: number; width: number }
  | { kind: 'gs1-128'; x: number; y: number; maxWidth: number; height: number; elements: Gs1Element[] }
  | { kind: 'gs1-datamatrix'; x: number; y: number; size: number; elements: Gs1Element[] };

export interface LabelLayout {
  widthMm: number;
  heightMm: number;
  elements: LabelElement[];
}

/** What a logistic label shows: the SSCC, the sender, and the content of a pallet of one material and batch. */
export interface LogisticLabelData {
  sscc: string;
  type: 'PLT' | 'CTN';
  sender: { name: string; warehouseNo: string | null; gln: string | null };
  content?: { gtin: string; count: number; batchNo: string; expiry: string | null; materialNo: string; materialName: string };
  copy: boolean;
}

/** 4 × 6 inches, the usual logistic label (GS1 Logistic Label Guideline: A6 or 4 × 6 in). */
const WIDTH = 101.6;
const HEIGHT = 152.4;
const MARGIN = 5;

/** YYYY-MM-DD as GS1's YYMMDD (AI 17). */
export function yymmdd(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

/** The content block's element strings: (02) GTIN, (37) count, (17) expiry, (10) batch (GS1 GenSpecs 3.2, 3.4.2, 3.6.14). */
export function contentElements(c: NonNullable<LogisticLabelData['content']>): Gs1Element[] {
  return [
    { ai: '02', value: c.gtin.padStart(14, '0') },
    ...(c.expiry ? [{ ai: '17', value: yymmdd(c.expiry) }] : []),
    { ai: '37', value: String(c.count) },
    { ai: '10', value: c.batchNo },
  ];
}

export function logisticLabel(d: LogisticLabelData): LabelLayout {
  const el: LabelElement[] = [];
  const text = (y: number, size: number, t: string, bold = false) => el.push({ kind: 'text', x: MARGIN, y, size, text: t, bold });
  text(5, 3, 'FROM', true);
  text(10, 4, d.sender.name, true);
  text(
    16,
    3,
    [d.sender.warehouseNo && `Warehouse ${d.sender.warehouseNo}`, d.sender.gln && `GLN ${d.sender.gln}`].filter(Boolean).join('  '),
  );
  if (d.copy) el.push({ kind: 'text', x: 70, y: 5, size: 5, text: 'COPY', bold: true });
  el.push({ kind: 'rule', x: MARGIN, y: 22, width: WIDTH - 2 * MARGIN });
  text(25, 3, 'SSCC', true);
  text(30, 5, d.sscc, true);
  text(38, 3, d.type === 'PLT' ? 'Pallet' : 'Carton');
  if (d.content) {
    const c = d.content;
    text(44, 3, `CONTENT ${c.gtin.padStart(14, '0')}   COUNT ${c.count}`, true);
    text(49, 3, `BATCH/LOT ${c.batchNo}${c.expiry ? `   USE BY ${c.expiry}` : ''}`, true);
    text(54, 3, `${c.materialNo} ${c.materialName}`.slice(0, 60));
    el.push({ kind: 'rule', x: MARGIN, y: 60, width: WIDTH - 2 * MARGIN });
    const elements = contentElements(c);
    // Data a GS1 barcode may not carry (a batch with a line break, '^' or '~') is shown as text only.
    if (encodable(elements)) {
      el.push({ kind: 'gs1-128', x: MARGIN, y: 64, maxWidth: WIDTH - 2 * MARGIN, height: 25, elements });
      text(91, 2.6, hri(elements));
    }
  } else {
    el.push({ kind: 'rule', x: MARGIN, y: 60, width: WIDTH - 2 * MARGIN });
  }
  const sscc = [{ ai: '00', value: d.sscc }];
  if (encodable(sscc)) el.push({ kind: 'gs1-128', x: MARGIN, y: 106, maxWidth: WIDTH - 2 * MARGIN, height: 32, elements: sscc });
  text(141, 4, hri(sscc), true);
  return { widthMm: WIDTH, heightMm: HEIGHT, elements: el };
}

export interface PackLabelData {
  gtin: string;
  serial: string;
  batchNo: string;
  expiry: string;
  materialName: string;
}

/** A pack label: GS1 DataMatrix with (01) GTIN, (17) expiry, (10) batch, (21) serial (GS1 GenSpecs 2.1.2, 5.6), and its HRI. */
export function packLabel(d: PackLabelData): LabelLayout {
  const elements: Gs1Element[] = [
    { ai: '01', value: d.gtin.padStart(14, '0') },
    { ai: '17', value: yymmdd(d.expiry) },
    { ai: '10', value: d.batchNo },
    { ai: '21', value: d.serial },
  ];
  return {
    widthMm: 60,
    heightMm: 35,
    elements: [
      // A batch or serial a GS1 barcode may not carry gets no DataMatrix: the values are shown as text only.
      ...(encodable(elements) ? [{ kind: 'gs1-datamatrix', x: 4, y: 4, size: 20, elements } as const] : []),
      ...elements.map((e, i): LabelElement => ({ kind: 'text', x: 28, y: 4 + i * 5, size: 2.5, text: `(${e.ai}) ${e.value}` })),
      { kind: 'text', x: 4, y: 28, size: 2.5, text: d.materialName.slice(0, 45) },
    ],
  };
}
