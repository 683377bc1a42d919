import { decodeCode } from '@pharma/domain';

/**
 * What a camera decoder yields, turned into what a hardware scanner with symbology identifiers
 * on transmits (ISO/IEC 15424), so `decodeScan` reads camera and scanner alike:
 * `]d2` + data with GS for GS1 DataMatrix, `]C1` for GS1-128, `]Q1`/`]Q3` for QR, and
 * `]E0` + 13 digits for EAN-13 and UPC-A (UPC-A and UPC-E as their EAN-13 form), `]E4` for EAN-8.
 */
export function scannerText(symbologyId: string, text: string): string {
  if (symbologyId === ']E0') {
    if (/^\d{12}$/.test(text)) return `]E00${text}`;
    if (/^\d{8}$/.test(text)) return `]E00${upcEToUpcA(text) ?? text}`;
  }
  return symbologyId + text;
}

/** UPC-E (number system, 6 digits, check digit) expanded to its 12-digit UPC-A; null if not UPC-E. */
export function upcEToUpcA(upcE: string): string | null {
  if (!/^[01]\d{7}$/.test(upcE)) return null;
  const ns = upcE.charAt(0);
  const d = upcE.slice(1, 7);
  const check = upcE.charAt(7);
  const last = d.charAt(5);
  let body: string;
  if (last <= '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d.charAt(4)}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return ns + body + check;
}

const GS = '\x1d';

/** Whether the text reads as a GS1 element string (the year only matters for dates, not here). */
function isGs1(data: string): boolean {
  return /^\d{2}/.test(data) && decodeCode(data, { today: 2000 }).ok;
}

/**
 * The browser's Barcode Detection API gives the decoded text without a symbology identifier and
 * says nothing of a leading FNC1, so the identifier is inferred: a DataMatrix or Code 128 whose
 * text starts with GS (FNC1 kept) or reads as a GS1 element string is GS1 (`]d2`, `]C1`).
 */
export function nativeScannerText(format: string, rawValue: string): string {
  const fnc1 = rawValue.startsWith(GS);
  const data = fnc1 ? rawValue.slice(1) : rawValue;
  switch (format) {
    case 'data_matrix':
      return (fnc1 || isGs1(data) ? ']d2' : ']d1') + data;
    case 'code_128':
      return (fnc1 || isGs1(data) ? ']C1' : ']C0') + data;
    case 'qr_code':
      return (fnc1 ? ']Q3' : ']Q1') + data;
    case 'ean_13':
    case 'upc_a':
    case 'upc_e':
      return scannerText(']E0', data);
    case 'ean_8':
      return ']E4' + data;
    default:
      return data;
  }
}
