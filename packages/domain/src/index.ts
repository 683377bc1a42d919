export * from './messages.ts';
export * from './units.ts';
export * from './documents.ts';
export * from './permissions.ts';
export { withCheckDigit, hasValidCheckDigit } from './gs1/check-digit.ts';
export * from './rules/registration.ts';
export * from './rules/phone-countries.ts';
// Scan decoding and field validation (issue 4): see packages/domain/README.md.
export { decodeCode, decodeScan, GS1_SYMBOLOGY_IDS, PLAIN_CODE_LENGTH, MATRIX_CODE_LENGTH } from './gs1/decode.ts';
export type { CodeFormat, DecodeOptions, DecodeResult, Decoded, ScanOptions } from './gs1/decode.ts';
export type { Element as ScanElement, Failure as ScanFailure } from './gs1/result.ts';
export { SEPARATOR_VARIANTS, normaliseSeparators, type SeparatorVariant } from './gs1/separators.ts';
export { gs1YymmddToIso, resolveYear, type Today } from './gs1/dates.ts';
export { aiSpec, knownAis, type AiSpec } from './gs1/ai-index.ts';
export { ppnCheck } from './gs1/iso15434.ts';
export * from './rules/fields.ts';
