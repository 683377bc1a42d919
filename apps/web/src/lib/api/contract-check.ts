import { message } from '../../i18n/language.ts';

/**
 * The contract's schemas as the web checks them at run time (decision 0089): JSON Schema, written by
 * `npm run client:generate` from the contract's zod schemas into lib/api/contract/ (scripts/web-contract.ts),
 * and checked here, so that no page loads zod (about 23 KB on the wire). Only the keywords below are written;
 * the generator refuses a schema that needs another, or that zod checks with a refinement JSON Schema cannot
 * say. Annotations (descriptions, examples, defaults) and `additionalProperties: false` are left out: as
 * zod's parse does, a check passes an object with more properties than its schema names.
 */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** A record's values (z.record): every property the schema does not name. */
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  pattern?: string;
  /** In UTF-16 code units, as zod counts (`string.length`). */
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** Every keyword the check reads: the generator writes no other. */
export const CHECKED_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'anyOf',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
] as const satisfies readonly (keyof JsonSchema)[];

/** An answer (or a value) that is not what its schema says: the operator reads the catalogue's text, `where` says what failed. */
export class ContractError extends Error {
  readonly where: string;
  constructor(where: string) {
    super(message('SOMETHING_WENT_WRONG'));
    this.name = 'ContractError';
    this.where = where;
  }
}

function typeOf(value: unknown): JsonType | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'object' ? 'object' : 'other';
}

const hasType = (schema: JsonSchema, actual: JsonType | 'other') =>
  [schema.type ?? []].flat().some((type) => type === actual || (type === 'number' && actual === 'integer'));

// JSON values only (what JSON.parse gives): primitives compare by value, the rest by their JSON.
const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

// Each pattern compiled once: a document's answer checks the same patterns on every line.
const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}

/** The first thing wrong with `value` under `schema`, as 'where: what', or undefined when it passes. */
export function problemOf(schema: JsonSchema, value: unknown, where = '$'): string | undefined {
  const actual = typeOf(value);
  if (schema.type !== undefined && !hasType(schema, actual)) return `${where}: not ${[schema.type].flat().join(' or ')}`;
  if (schema.const !== undefined && !same(schema.const, value)) return `${where}: not ${JSON.stringify(schema.const)}`;
  if (schema.enum && !schema.enum.some((option) => same(option, value))) return `${where}: not one of ${JSON.stringify(schema.enum)}`;
  if (schema.anyOf && schema.anyOf.every((option) => problemOf(option, value, where) !== undefined))
    return `${where}: none of its ${schema.anyOf.length} forms`;
  if (typeof value === 'string') {
    if (value.length < (schema.minLength ?? 0) || value.length > (schema.maxLength ?? Infinity)) return `${where}: length ${value.length}`;
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) return `${where}: not /${schema.pattern}/`;
  }
  if (typeof value === 'number') {
    const { minimum = -Infinity, maximum = Infinity, exclusiveMinimum = -Infinity, exclusiveMaximum = Infinity } = schema;
    if (value < minimum || value > maximum || value <= exclusiveMinimum || value >= exclusiveMaximum) return `${where}: out of range`;
  }
  if (Array.isArray(value)) {
    if (value.length < (schema.minItems ?? 0) || value.length > (schema.maxItems ?? Infinity)) return `${where}: ${value.length} items`;
    const { items } = schema;
    if (items)
      for (const [i, item] of value.entries()) {
        const found = problemOf(items, item, `${where}[${i}]`);
        if (found) return found;
      }
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!Object.hasOwn(object, key)) return `${where}.${key}: missing`;
    for (const [key, item] of Object.entries(object)) {
      const itemSchema = schema.properties?.[key] ?? schema.additionalProperties;
      // A property the schema declares as optional may be absent or undefined; one it does not name is passed over.
      if (itemSchema === undefined || (item === undefined && !schema.required?.includes(key))) continue;
      const found = problemOf(itemSchema, item, `${where}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** A contract's schema, checked: `parse` gives the value typed as the contract types it, or throws ContractError. */
export interface Checked<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: ContractError };
}

/** The check of a schema of lib/api/contract/, typed by the contract's own type. */
export function checked<T>(schema: JsonSchema): Checked<T> {
  const safeParse = (value: unknown) => {
    const where = problemOf(schema, value);
    return where === undefined
      ? { success: true as const, data: value as T }
      : { success: false as const, error: new ContractError(where) };
  };
  return {
    safeParse,
    parse(value) {
      const result = safeParse(value);
      if (!result.success) throw result.error;
      return result.data;
    },
  };
}
