import { expectedCheckDigit, hasValidCheckDigit, withCheckDigit } from './check-digit.ts';
import type { Today } from './dates.ts';
import { decodeCode } from './decode.ts';
import { fail, type Failure } from './result.ts';

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

export type SsccInput = { readonly ok: true; readonly sscc: string } | Failure;

/**
 * An SSCC entered in a field (issue 27): its 18 digits typed, or any GS1 code holding (00) scanned.
 * Garbage answers a failure, never throws; each failure keeps the sentence 'Enter the 18 digits of
 * an SSCC, or scan its label.' and says what is wrong: how many digits were typed, or the check
 * digit the first 17 should have (GS1 General Specifications 7.9.1, the one mod-10 computation of
 * check-digit.ts), or the decoder's reason for a scanned code.
 */
export function readSsccInput(input: string, today: Today): SsccInput {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return fail('SSCC_INPUT_INVALID');
  if (/^\d+$/.test(text)) {
    if (text.length !== 18) return fail('SSCC_INPUT_LENGTH', { length: text.length });
    const expected = expectedCheckDigit(text, 0, 18);
    if (!hasValidCheckDigit(text)) return fail('SSCC_INPUT_CHECK_DIGIT', { sscc: text, expected, found: text.charAt(17) });
    return { ok: true, sscc: text };
  }
  const decoded = decodeCode(text, { today });
  if (decoded.ok) return decoded.sscc ? { ok: true, sscc: decoded.sscc } : fail('SSCC_INPUT_NO_SSCC');
  if (decoded.code === 'GS1_BAD_CHECK_DIGIT' && decoded.params.ai === '00') {
    const sscc = ssccDigitsOf(text);
    if (sscc) return fail('SSCC_INPUT_CHECK_DIGIT', { sscc, expected: decoded.params.expected!, found: decoded.params.found! });
  }
  // A code read as GS1 that breaks a rule of an AI: the decoder's reason; anything else, the sentence alone.
  return 'ai' in decoded.params ? fail('SSCC_INPUT_CODE', { problem: decoded.message }) : fail('SSCC_INPUT_INVALID');
}

/** The 18 digits after (00) in a scanned code whose SSCC the decoder refused for its check digit. */
function ssccDigitsOf(text: string): string | undefined {
  return /(?:^|\)|\]..)\(?00\)?(\d{18})/.exec(text)?.[1];
}
