import { z } from 'zod';

/** Every error answer of the API: a stable code and the catalogue's text. */
export const ErrorBody = z.object({
  code: z.string().meta({ example: 'INVALID_CREDENTIALS' }),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The control characters (below U+0020, and DEL) a request's string may hold: none, unless its schema
 * names them under this key in its metadata. The server refuses any other before the schema runs, and
 * NUL everywhere, with a 400 naming the field (decision 0060). The key is an OpenAPI extension, so the
 * API document says which fields take which.
 */
export const CONTROL_CHARACTERS_KEY = 'x-control-characters';

/** The control characters a field may be allowed, by name (NUL is never allowed: PostgreSQL text cannot hold it). */
export const CONTROL_CHARACTERS = { EOT: '\x04', TAB: '\t', LF: '\n', CR: '\r', GS: '\x1d', RS: '\x1e' } as const;
export type ControlCharacter = keyof typeof CONTROL_CHARACTERS;

/** Metadata that lets a string field hold these control characters. */
export function allowControlCharacters(...names: ControlCharacter[]): Record<string, ControlCharacter[]> {
  return { [CONTROL_CHARACTERS_KEY]: names };
}

/** What a raw scan may carry: GS (FNC1) between fields, and an ISO/IEC 15434 envelope's RS, GS and EOT. */
export const SCAN_SEPARATORS = allowControlCharacters('GS', 'RS', 'EOT');
/** What text a person types in a box of several lines may carry: tab and line breaks. */
export const TEXT_BREAKS = allowControlCharacters('TAB', 'LF', 'CR');

/** A raw scan as a scanner or camera sent it, separators included; the server decodes it again. */
export const ScanCode = z.string().min(1).max(500).meta(SCAN_SEPARATORS);
