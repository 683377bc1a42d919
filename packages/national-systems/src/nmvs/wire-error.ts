/**
 * The error of the NMVS wire (wire.ts and the XML reader under it, xml-reader.ts), and how a value is
 * shown in its message. wire.ts exports the class; this file exists so that both can throw it.
 */

/** A message that cannot be built or read; `field` names the offending value. */
export class NmvsWireError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(field ? `${field}: ${message}` : message);
    this.name = 'NmvsWireError';
  }
}

/** A value as an error message quotes it: JSON, cut to 45 characters. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 45 ? `${text.slice(0, 44)}…` : text;
}
