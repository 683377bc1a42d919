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

/**
 * Groups of AIs as text, with no words (the text is the catalogue's): each AI in brackets, `inner`
 * between the AIs of a group, `outer` between groups ('(01) (02)+(21)', '(22) (10) (21) | (235)').
 */
export function showAis(groups: readonly (readonly string[])[], inner: string, outer: string): string {
  return groups.map((group) => group.map((ai) => `(${ai})`).join(inner)).join(outer);
}
