import { withCheckDigit } from './check-digit.ts';

/**
 * Building an SSCC (GS1 General Specifications 2.2.1): extension digit (1 digit), GS1 Company Prefix
 * (7 to 10 digits here) and serial reference together 17 digits, then the mod-10 check digit (7.9.1).
 * The serial reference has 16 - prefix length digits, so a 7-digit prefix has 10^9 SSCCs per
 * extension digit and a 10-digit prefix 10^6.
 */

/** Digits of the serial reference left by a company prefix: 16 minus its length. */
export function ssccSerialDigits(companyPrefix: string): number {
  return 16 - companyPrefix.length;
}

/** The largest serial reference a company prefix allows (all nines). */
export function ssccSerialCapacity(companyPrefix: string): number {
  return 10 ** ssccSerialDigits(companyPrefix) - 1;
}

/** Whether a company prefix and extension digit can make SSCCs: 7 to 10 digits, one digit. */
export function isSsccIssuer(companyPrefix: string, extensionDigit: string): boolean {
  return /^\d{7,10}$/.test(companyPrefix) && /^\d$/.test(extensionDigit);
}

/**
 * The SSCC of a serial reference, or undefined when the issuer is not valid or the serial reference
 * does not fit (negative, not an integer, more digits than the prefix leaves).
 */
export function buildSscc(extensionDigit: string, companyPrefix: string, serialReference: number): string | undefined {
  if (!isSsccIssuer(companyPrefix, extensionDigit)) return undefined;
  if (!Number.isSafeInteger(serialReference) || serialReference < 0 || serialReference > ssccSerialCapacity(companyPrefix))
    return undefined;
  const serial = String(serialReference).padStart(ssccSerialDigits(companyPrefix), '0');
  return withCheckDigit(extensionDigit + companyPrefix + serial);
}
