/**
 * The GS1 mod-10 check digit (GS1 General Specifications 7.9.1): weights 3 and 1 alternate from the
 * right-most digit before the check digit; the check digit brings the sum to a multiple of 10.
 */

/** The check digit expected for s[start, end - 1) with the check digit at end - 1, or -1 if not all digits. */
export function expectedCheckDigit(s: string, start: number, end: number): number {
  let sum = 0;
  let weight = 3;
  for (let i = end - 2; i >= start; i--) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    sum += d * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when s[start, end) is all digits and its last digit is the right GS1 check digit. */
export function hasValidCheckDigit(s: string, start = 0, end = s.length): boolean {
  if (end - start < 2) return false;
  const last = s.charCodeAt(end - 1) - 48;
  return last >= 0 && last <= 9 && expectedCheckDigit(s, start, end) === last;
}

/** Appends the GS1 check digit to a string of digits (used by tests and fixtures). */
export function withCheckDigit(digits: string): string {
  return digits + String(expectedCheckDigit(digits + '0', 0, digits.length + 1));
}
