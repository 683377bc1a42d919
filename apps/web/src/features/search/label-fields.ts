import { decodeCode } from '@pharma/domain';
import { SCAN_FILL_UI } from '../../config/labels.ts';
import { searchTarget, type SearchTarget } from './search-target.ts';

/** One field a scanned code carries: its GS1 Application Identifier, what it is, and its value as read. */
export interface LabelField {
  ai: string;
  name: string;
  value: string;
}

export type LabelReading = { ok: true; format: string; fields: LabelField[]; target: SearchTarget } | { ok: false; message: string };

/**
 * /ldc/scanFillData (decision 0028): what a scanned label says, field by field. The code is decoded as
 * a scan is (GS1 element string, its bracketed form, GS1 Digital Link, ISO/IEC 15434), each element
 * named by its AI (GS1 General Specifications section 3; dates as the calendar day they stand for,
 * section 7.12), and the unit it names (an SSCC, a pack's GTIN and serial) is looked up as the search
 * page does.
 */
export function readLabel(raw: string, today: string): LabelReading {
  const code = raw.trim();
  const decoded = decodeCode(code, { today });
  if (!decoded.ok) return { ok: false, message: decoded.message };
  const fields = decoded.elements.map(({ id, value }) => ({
    ai: id,
    name: AI_NAMES[id] ?? SCAN_FILL_UI.otherAi,
    value: id === '17' && decoded.expiry ? decoded.expiry : value,
  }));
  return { ok: true, format: FORMATS[decoded.format] ?? decoded.format, fields, target: searchTarget(code, today) };
}

/** The data titles (GS1 General Specifications, Figure 3.2-1) of the AIs warehouse labels carry. */
const AI_NAMES: Readonly<Record<string, string>> = {
  '00': 'SSCC',
  '01': 'GTIN',
  '02': 'GTIN of contained trade items',
  '10': 'Batch/lot number',
  '11': 'Production date',
  '15': 'Best before date',
  '17': 'Expiration date',
  '21': 'Serial number',
  '30': 'Variable count of items',
  '37': 'Count of trade items',
  '400': "Customer's purchase order number",
  '410': 'Ship to - deliver to GLN',
};

const FORMATS: Readonly<Record<string, string>> = {
  GS1: 'GS1 element string',
  GS1_DIGITAL_LINK: 'GS1 Digital Link',
  IFA: 'IFA (ISO/IEC 15434)',
  PLAIN: 'Plain code',
};
