import { globalRegistry, type $ZodType } from 'zod/v4/core';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_KEY, type ControlCharacter } from '@pharma/domain/contract/common';

/**
 * Control characters in a request, found against its zod schema before the schema runs (decision 0060).
 * NUL is refused everywhere (PostgreSQL text cannot hold it). Every other control character (below
 * U+0020, and DEL) is refused in a field the schema describes, unless the field's metadata allows it
 * (`x-control-characters`: a scan's GS, RS and EOT, a reason's line breaks). A value the schema does
 * not describe (z.unknown(), a key no object names) is checked for NUL only: what it may hold is for
 * the code that reads it to say.
 */

/** Where a schema's data is not described: nothing but NUL is known to be wrong there. */
const UNDESCRIBED = undefined;
type Schema = $ZodType | typeof UNDESCRIBED;

/** How deep a request is walked: deeper data is refused as a whole (no request of ours nests near this). */
const MAX_DEPTH = 64;

/** What is wrong where: a control character in the string (or key) at `path`, or data nested deeper than any request of ours. */
export interface Refusal {
  problem: 'control-character' | 'too-deep';
  path: (string | number)[];
}

/** The first string (or key) in `data` holding a control character its schema does not allow; undefined when none does. */
export function findControlCharacter(schema: Schema, data: unknown): Refusal | undefined {
  return walk([schema], data, [], 0);
}

function walk(schemas: Schema[], data: unknown, path: (string | number)[], depth: number): Refusal | undefined {
  if (typeof data === 'string') return refused(data, allowedIn(schemas)) ? { problem: 'control-character', path } : undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  if (depth >= MAX_DEPTH) return { problem: 'too-deep', path };
  const shapes = schemas.flatMap(leavesOf);
  if (shapes.every((l) => isUndescribed(l.schema))) {
    // Nothing below is described: the quick walk for NUL (a large EPCIS document is such a value).
    const found = undescribed(data, depth);
    return found && { problem: found.problem, path: [...path, ...found.path.reverse()] };
  }
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      const found = walk(
        shapes.map((l) => itemOf(l.schema, i)),
        data[i],
        [...path, i],
        depth + 1,
      );
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(data)) {
    // A key is a name: no control character at all.
    if (refused(key, '')) return { problem: 'control-character', path };
    const found = walk(
      shapes.map((l) => propertyOf(l.schema, key)),
      value,
      [...path, key],
      depth + 1,
    );
    if (found) return found;
  }
  return undefined;
}

/** The walk of a value no schema describes: NUL in a string, any control character in a key. Its path comes back reversed. */
function undescribed(data: unknown, depth: number): Refusal | undefined {
  if (typeof data === 'string') return data.includes('\0') ? { problem: 'control-character', path: [] } : undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  if (depth >= MAX_DEPTH) return { problem: 'too-deep', path: [] };
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      const found = undescribed(data[i], depth + 1);
      if (found) return (found.path.push(i), found);
    }
    return undefined;
  }
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    if (CONTROL.test(key)) return { problem: 'control-character', path: [] };
    const found = undescribed((data as Record<string, unknown>)[key], depth + 1);
    if (found) return (found.path.push(key), found);
  }
  return undefined;
}

const CONTROL = /[\x00-\x1f\x7f]/;

/** Whether the text holds NUL, or, unless `allowed` is null (undescribed), a control character not in `allowed`. */
function refused(text: string, allowed: string | null): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 0x20 || c === 0x7f) && allowed !== null && !allowed.includes(text[i]!)) return true;
  }
  return false;
}

/** The control characters the schemas allow a string (any one of them may be the one that applies); null where one does not describe it. */
function allowedIn(schemas: Schema[]): string | null {
  let allowed = '';
  for (const leaf of schemas.flatMap(leavesOf)) {
    if (isUndescribed(leaf.schema)) return null;
    allowed += leaf.allowed;
  }
  return allowed;
}

/** No schema, or one that takes anything: what the value may hold is not said. */
function isUndescribed(schema: Schema): boolean {
  return !schema || ['unknown', 'any', 'custom'].includes(defOf(schema).type);
}

interface Leaf {
  schema: Schema;
  /** The control characters allowed by the schema and the wrappers around it. */
  allowed: string;
}

/**
 * `leaves(schema, '')`, worked out once a schema: a route's schemas never change, and every request
 * walked them again (about 2% of a single-pack scan's main thread, decision 0091).
 */
const leavesKept = new WeakMap<$ZodType, Leaf[]>();
function leavesOf(schema: Schema): Leaf[] {
  if (!schema) return leaves(schema, '');
  let found = leavesKept.get(schema);
  if (!found) {
    found = leaves(schema, '');
    leavesKept.set(schema, found);
  }
  return found;
}

/** The schemas that may hold a value, out of their wrappers (optional, default, pipe …) and unions, with what they allow. */
function leaves(schema: Schema, allowed: string, depth = 0): Leaf[] {
  if (!schema || depth > MAX_DEPTH) return [{ schema: UNDESCRIBED, allowed }];
  const here = allowed + allowedBy(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return leaves(def.innerType, here, depth + 1);
    case 'pipe':
      // A preprocess's input is a transform of anything: the schema after it describes the value.
      return leaves(defOf(def.in!).type === 'transform' ? def.out : def.in, here, depth + 1);
    case 'lazy':
      return leaves(def.getter!(), here, depth + 1);
    case 'union':
      return def.options!.flatMap((o) => leaves(o, here, depth + 1));
    case 'intersection':
      return [...leaves(def.left, here, depth + 1), ...leaves(def.right, here, depth + 1)];
    default:
      return [{ schema, allowed: here }];
  }
}

function propertyOf(schema: Schema, key: string): Schema {
  if (!schema) return UNDESCRIBED;
  const def = defOf(schema);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, $ZodType>;
    if (Object.hasOwn(shape, key)) return shape[key];
    return def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : UNDESCRIBED;
  }
  if (def.type === 'record') return def.valueType;
  return UNDESCRIBED;
}

function itemOf(schema: Schema, index: number): Schema {
  if (!schema) return UNDESCRIBED;
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  if (def.type === 'tuple') return def.items?.[index] ?? def.rest ?? UNDESCRIBED;
  return UNDESCRIBED;
}

/** The control characters a schema's own metadata allows. */
function allowedBy(schema: $ZodType): string {
  const names = globalRegistry.get(schema)?.[CONTROL_CHARACTERS_KEY];
  if (!Array.isArray(names)) return '';
  return names.map((n) => CONTROL_CHARACTERS[n as ControlCharacter] ?? '').join('');
}

/** The parts of a zod definition the walk reads (zod's own types differ by kind). */
interface Def {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  getter?: () => $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  shape?: unknown;
  catchall?: $ZodType;
  valueType?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
}

function defOf(schema: $ZodType): Def {
  return schema._zod.def as unknown as Def;
}
