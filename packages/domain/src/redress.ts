import { decodeCode } from './gs1/decode.ts';
import type { Today } from './gs1/dates.ts';
import type { MessageCode } from './messages.ts';

/**
 * Redress rules of decision 0036 that need no database: what a carton label encodes, the BPR No.'s
 * field rule and when two serial numbers have the same format.
 */

/** What a redress carton label says: the carton's SSCC, the GTIN, batch and count of the packs it holds. */
export interface CartonLabelCode {
  cartonCode: string;
  gtin: string;
  batchNo: string;
  qty: number;
}

/**
 * Reads a carton label: a GS1 element string (GS1 General Specifications 2.1 and the GS1 Logistic
 * Label Guideline 4.2) with the carton's SSCC (00), the GTIN of the packs it contains (02, with their
 * count in 37) or of the carton as a trade item (01, with a variable count in 30), and their batch (10).
 * Anything else is not a carton label.
 */
export function readCartonLabel(
  code: string,
  today: Today,
): { ok: true; label: CartonLabelCode } | { ok: false; code: MessageCode; params?: Record<string, string> } {
  const decoded = decodeCode(code, { today });
  if (!decoded.ok) return { ok: false, code: decoded.code as MessageCode, params: decoded.params as Record<string, string> };
  const ai = decoded.ai;
  const gtin = ai['02'] ?? ai['01'];
  const count = ai['37'] ?? ai['30'];
  if (!ai['00'] || !gtin || !ai['10'] || !count) return { ok: false, code: 'CARTON_LABEL_INVALID' };
  const qty = Number(count);
  if (!Number.isSafeInteger(qty) || qty < 1) return { ok: false, code: 'CARTON_LABEL_INVALID' };
  return { ok: true, label: { cartonCode: ai['00'], gtin, batchNo: ai['10'], qty } };
}

/** The element string a label printer prints for a carton label (FNC1 as GS after the variable-length batch and count). */
export function cartonLabelCode(label: CartonLabelCode, gs = '\u001d'): string {
  return `00${label.cartonCode}02${label.gtin}10${label.batchNo}${gs}37${label.qty}`;
}

/**
 * The BPR No. (batch production record number): 1 to 20 characters, letters and digits with '-', '/'
 * or '.' inside (spec point 5's looser code check, at most 20 like a GS1 batch); else the spec's
 * 'Please enter a valid BPR No.'.
 */
export const BPR_NO_MAX = 20;
export function validateBprNo(raw: string): { ok: true; value: string } | { ok: false; code: 'INVALID_BPR_NO' } {
  const value = raw.trim();
  if (value.length < 1 || value.length > BPR_NO_MAX || !/^[A-Za-z0-9](?:[A-Za-z0-9/.-]*[A-Za-z0-9])?$/.test(value)) {
    return { ok: false, code: 'INVALID_BPR_NO' };
  }
  return { ok: true, value };
}

/**
 * A serial number's format: its length and its character set, numeric (digits only), alphanumeric
 * (letters and digits) or GS1 AI (21)'s other characters (symbols too). A replacement pack must have
 * the format of the pack it replaces: the relabelled carton's serial list is printed in one format.
 */
export function serialFormat(serial: string): string {
  const set = /^[0-9]+$/.test(serial) ? 'numeric' : /^[A-Za-z0-9]+$/.test(serial) ? 'alphanumeric' : 'symbols';
  return `${serial.length} ${set}`;
}

export function sameSerialFormat(a: string, b: string): boolean {
  return serialFormat(a) === serialFormat(b);
}
