import { gs1128Zpl, predefined, type Gs1Element } from './gs1-128.ts';
import type { LabelLayout } from './label-layout.ts';

/**
 * A label layout in ZPL II (Zebra ZPL II Programming Guide): ^PW/^LL the label size in dots, ^A0 text,
 * ^GB rules, and ^BC Code 128 (GS1-128 data from gs1-128.ts):
 * the printer draws every barcode itself. 203 dpi is 8 dots/mm, 300 dpi 12 dots/mm.
 */
export type Dpi = 203 | 300;

/** The widest module a barcode gets: 0.5 mm (GS1 General Specifications 5.12.3, logistic labels: X ≥ 0.495 mm). */
const TARGET_X_MM = 0.5;

export function dotsPerMm(dpi: Dpi): number {
  return dpi === 300 ? 12 : 8;
}

/**
 * The one encoder of field data, for every field (text, ^BC and ^BX data): control characters (C0,
 * DEL, C1: CR and LF included) are dropped, and '^', '~' and '\' (^FH's indicator) are written as ^FH
 * hexadecimal escapes, so no value can end the field or the label, or start a command (decision 0055).
 * Other characters are kept (^CI28, UTF-8: no byte of a multi-byte character is '^' or '~').
 */
export function zplField(data: string): string {
  return data
    .replace(/[\x00-\x1F\x7F-\x9F]/g, '')
    .replace(/[\\^~]/g, (c) => `\\${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A field's data: ^FH with '\' as its indicator ('_' is ^BX's own escape character here), ^FD, ^FS. */
function field(data: string): string {
  return `^FH\\^FD${zplField(data)}^FS`;
}

/** GS1 DataMatrix data with '_' as ^BX's escape character: `_1` is FNC1, first and after a variable-length element. */
function datamatrixData(elements: readonly Gs1Element[]): string {
  return (
    '_1' + elements.map((e, i) => e.ai + e.value.replaceAll('_', '__') + (i < elements.length - 1 && !predefined(e) ? '_1' : '')).join('')
  );
}

export function renderZpl(layout: LabelLayout, dpi: Dpi): string {
  const k = dotsPerMm(dpi);
  const d = (mm: number) => Math.round(mm * k);
  const lines = ['^XA', '^CI28', `^PW${d(layout.widthMm)}`, `^LL${d(layout.heightMm)}`, '^LH0,0'];
  for (const e of layout.elements) {
    if (e.kind === 'text') {
      const h = d(e.size * 1.4);
      lines.push(`^FO${d(e.x)},${d(e.y)}^A0N,${h},${e.bold ? Math.round(h * 0.9) : Math.round(h * 0.8)}${field(e.text)}`);
    } else if (e.kind === 'rule') {
      lines.push(`^FO${d(e.x)},${d(e.y)}^GB${d(e.width)},${Math.max(2, d(0.4))},${Math.max(2, d(0.4))}^FS`);
    } else if (e.kind === 'gs1-datamatrix') {
      // ECC 200 (quality 200); about 22 modules across for a pack code: the module size in dots.
      const m = Math.max(2, Math.floor(d(e.size) / 22));
      lines.push(`^FO${d(e.x)},${d(e.y)}^BXN,${m},200,,,,_${field(datamatrixData(e.elements))}`);
    } else {
      const { data, modules } = gs1128Zpl(e.elements);
      // Quiet zones of 10 modules each side (GS1 General Specifications 5.4.4.4) inside maxWidth.
      const m = Math.max(1, Math.min(Math.round(TARGET_X_MM * k), Math.floor(d(e.maxWidth) / (modules + 20))));
      lines.push(`^FO${d(e.x) + 10 * m},${d(e.y)}^BY${m},3^BCN,${d(e.height)},N,N,N,N${field(data)}`);
    }
  }
  lines.push('^XZ');
  return lines.join('\n') + '\n';
}
