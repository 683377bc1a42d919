/**
 * EPC URIs of EPCIS events into GS1 keys (GS1 EPC Tag Data Standard 2.x, section 6 "EPC URI"):
 *   urn:epc:id:sgtin:CompanyPrefix.IndicatorItemRef.Serial  -> GTIN-14 + serial
 *   urn:epc:id:sscc:CompanyPrefix.ExtensionSerialRef        -> SSCC-18
 * and GS1 Digital Link URIs (EPCIS 2.0 allows both) through the element-string decoder.
 * The check digit is computed (EPC URIs carry none); serials are percent-decoded (TDS 6.3).
 */
import { withCheckDigit } from './check-digit.ts';
import { decodeCode } from './decode.ts';

export type EpcKey = { kind: 'sgtin'; gtin: string; serial: string } | { kind: 'sscc'; sscc: string } | { kind: 'unknown' };

/** The serial is up to 20 characters once percent-decoded: up to 60 as written. */
const SGTIN = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.(.{1,60})$/;
const SSCC = /^urn:epc:id:sscc:(\d{6,12})\.(\d{5,11})$/;

export function parseEpc(uri: string, today: string): EpcKey {
  const sgtin = SGTIN.exec(uri);
  if (sgtin) {
    const [, company, itemRef, rawSerial] = sgtin as unknown as [string, string, string, string];
    if (company.length + itemRef.length !== 13) return { kind: 'unknown' };
    let serial: string;
    try {
      serial = decodeURIComponent(rawSerial);
    } catch {
      return { kind: 'unknown' };
    }
    if (serial.length > 20) return { kind: 'unknown' };
    return { kind: 'sgtin', gtin: withCheckDigit(itemRef[0] + company + itemRef.slice(1)), serial };
  }
  const sscc = SSCC.exec(uri);
  if (sscc) {
    const [, company, serialRef] = sscc as unknown as [string, string, string];
    if (company.length + serialRef.length !== 17) return { kind: 'unknown' };
    return { kind: 'sscc', sscc: withCheckDigit(serialRef[0] + company + serialRef.slice(1)) };
  }
  if (/^https?:\/\//.test(uri)) {
    const decoded = decodeCode(uri, { today });
    if (decoded.ok && decoded.sscc) return { kind: 'sscc', sscc: decoded.sscc };
    if (decoded.ok && decoded.gtin && decoded.serial) return { kind: 'sgtin', gtin: decoded.gtin, serial: decoded.serial };
  }
  return { kind: 'unknown' };
}

/** The EPC URI of a pack or an SSCC, for EPCIS documents the product writes. */
export function sgtinUri(gtin: string, serial: string, companyPrefixLength = 7): string {
  const company = gtin.slice(1, 1 + companyPrefixLength);
  const itemRef = gtin[0] + gtin.slice(1 + companyPrefixLength, 13);
  return `urn:epc:id:sgtin:${company}.${itemRef}.${encodeURIComponent(serial)}`;
}

/** The EPC class URI of a GTIN's lot, for counted (not serialised) stock (EPC Tag Data Standard 6.4.2, LGTIN). */
export function lgtinUri(gtin: string, lot: string, companyPrefixLength = 7): string {
  const company = gtin.slice(1, 1 + companyPrefixLength);
  const itemRef = gtin[0] + gtin.slice(1 + companyPrefixLength, 13);
  return `urn:epc:class:lgtin:${company}.${itemRef}.${encodeURIComponent(lot)}`;
}

export function ssccUri(sscc: string, companyPrefixLength = 7): string {
  return `urn:epc:id:sscc:${sscc.slice(1, 1 + companyPrefixLength)}.${sscc[0]}${sscc.slice(1 + companyPrefixLength, 17)}`;
}
