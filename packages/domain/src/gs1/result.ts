/** Result types shared by the decoders. Errors carry a catalogue code; text comes from messages.ts. */
import { message, type MessageCode } from '../messages.ts';

export type Params = Record<string, string | number>;

export interface Failure {
  readonly ok: false;
  readonly code: MessageCode;
  readonly message: string;
  readonly params: Params;
}

export function fail(code: MessageCode, params: Params = {}): Failure {
  return { ok: false, code, message: message(code, params), params };
}

/** One element in scan order: a GS1 AI ('01') or an ASC MH10 data identifier ('9N'). */
export interface Element {
  readonly id: string;
  readonly value: string;
}

/** A printable form of a character for error messages (control characters as U+XXXX). */
export function showChar(c: string): string {
  const code = c.charCodeAt(0);
  return code < 32 || code === 127 || code > 126 ? 'U+' + code.toString(16).toUpperCase().padStart(4, '0') : `"${c}"`;
}
