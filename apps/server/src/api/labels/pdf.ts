import { toBuffer } from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { hri } from './gs1-128.ts';
import type { LabelLayout } from './label-layout.ts';

/**
 * The same label layout as a one-page PDF for office printers (pdf-lib). Barcodes come from bwip-js
 * (BWIPP's gs1-128 encoder, which places FNC1 as GS1 asks and checks the check digits) as PNG images drawn at an
 * exact module width, with no smoothing (integer pixels per module).
 */
const PT_PER_MM = 72 / 25.4;
/** The widest module a barcode gets: 0.5 mm, as in the ZPL (GS1 General Specifications 5.12.3). */
const TARGET_X_MM = 0.5;
/** Pixels per module in the PNG bwip-js draws. */
const SCALE = 4;

/**
 * The one encoder of the PDF's text: control characters (C0, DEL, C1: CR and LF included) are dropped,
 * so a value cannot break a line or hide text; the standard fonts cover WinAnsi only, so other
 * characters are shown as '?' (decision 0055).
 */
export function pdfText(text: string): string {
  return text.replace(/[\x00-\x1F\x7F-\x9F]/g, '').replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
}

export async function renderPdf(layout: LabelLayout, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(title));
  doc.setCreator('Pharma warehouse labels');
  const page = doc.addPage([layout.widthMm * PT_PER_MM, layout.heightMm * PT_PER_MM]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pt = (mm: number) => mm * PT_PER_MM;
  // pdf-lib's origin is bottom-left: y counts from the top in the layout.
  const top = (yMm: number, hMm: number) => pt(layout.heightMm - yMm - hMm);
  for (const e of layout.elements) {
    if (e.kind === 'text') {
      const size = pt(e.size) * 1.35;
      page.drawText(pdfText(e.text), { x: pt(e.x), y: top(e.y, e.size), size, font: e.bold ? bold : regular, color: rgb(0, 0, 0) });
    } else if (e.kind === 'rule') {
      page.drawRectangle({ x: pt(e.x), y: top(e.y, 0.4), width: pt(e.width), height: pt(0.4), color: rgb(0, 0, 0) });
    } else if (e.kind === 'gs1-datamatrix') {
      const png = await toBuffer({ bcid: 'gs1datamatrix', text: hri(e.elements), scale: SCALE });
      const image = await doc.embedPng(png);
      page.drawImage(image, { x: pt(e.x), y: top(e.y, e.size), width: pt(e.size), height: pt(e.size) });
    } else {
      const png = await toBuffer({ bcid: 'gs1-128', text: hri(e.elements), scale: SCALE, height: 10, includetext: false });
      const image = await doc.embedPng(png);
      const modules = image.width / SCALE;
      const x = Math.min(TARGET_X_MM, e.maxWidth / (modules + 20));
      page.drawImage(image, { x: pt(e.x + 10 * x), y: top(e.y, e.height), width: pt(modules * x), height: pt(e.height) });
    }
  }
  return doc.save();
}
