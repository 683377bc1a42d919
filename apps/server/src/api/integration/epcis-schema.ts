import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

/**
 * GS1's EPCIS 2.0 JSON Schema (epcis/EPCIS-JSON-Schema.json, draft-07), compiled once on first use:
 * the intake checks every document it receives with it, and the tests every document the product writes.
 */
const schema = JSON.parse(readFileSync(new URL('./epcis/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'));
let validator: ValidateFunction | undefined;

/** What the schema finds wrong with a document: nothing for a valid EPCIS 2.0 document. */
export function epcisSchemaErrors(doc: unknown): ErrorObject[] {
  if (!validator) {
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    (addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
    validator = ajv.compile(schema);
  }
  return validator(doc) ? [] : [...(validator.errors ?? [])];
}
