/**
 * What the web takes from the contract at run time, without zod (decision 0089). `npm run client:generate`
 * writes apps/web/src/lib/api/contract/<module>.ts for each contract module named in WEB_CONTRACT
 * (packages/domain/src/contract/<module>.ts), with an export of the same name and type for each of its
 * schemas and constants named there: one module each, so that a page loads the schemas of the modules it
 * calls and no others. A schema is written as JSON Schema, by zod (`z.toJSONSchema`, the answer as it comes
 * out), and checked by lib/api/contract-check.ts; this keeps the keywords that check reads and refuses a
 * schema that needs another, or that zod checks with a refinement or a regular expression's flags, which
 * JSON Schema would not say. apps/server/test/generated-client.test.ts generates them into memory and fails
 * when a committed file differs.
 */
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { CHECKED_KEYWORDS, type JsonSchema } from '../apps/web/src/lib/api/contract-check.ts';

const root = resolve(import.meta.dirname, '..');

/** The generated modules' folder: one module per contract module the web takes anything from. */
export const CONTRACT_DIR = join(root, 'apps/web/src/lib/api/contract');

/**
 * What the web takes from the contract at run time, by contract module: the schemas it checks (answers, and
 * a value or two it checks before it sends it), and constants (written as they are, typed as the contract types them).
 */
const WEB_CONTRACT: Record<string, readonly string[]> = {
  admin: ['AdminUser', 'Role', 'RolesResponse', 'UsersResponse'],
  auth: ['LoginResponse', 'SessionResponse'],
  batches: ['BatchLookupResponse', 'SetBatchStatusResponse', 'WhereaboutsResponse'],
  inventory: [
    'CompleteResponse',
    'DOCUMENT_SORTS',
    'DocumentDetails',
    'ListResponse',
    'ScanResponse',
    'SearchResponse',
    'UnitView',
    'WarehousesResponse',
  ],
  labels: ['CompleteRepackResponse', 'PrintedResponse', 'PrintersResponse', 'SsccResponse'],
  'lite-counts': ['LiteCountsResponse', 'LiteRemoveCountResponse'],
  lite: ['LiteDocumentResponse', 'LiteLineResponse', 'LiteMaterialResponse', 'LiteMessageResponse'],
  readers: ['ReaderSettings', 'ReaderSettingsForScan', 'ReaderSettingsList'],
  redress: ['CartonLabel', 'CartonsResponse', 'RedressScanResponse', 'ReopenResponse', 'ReplacePackResponse', 'ValidateBprResponse'],
  register: ['RegisterErrorBody', 'RegisterResponse'],
  repack: ['RepackCompletedResponse', 'RepackScanOperationResponse', 'RepackView'],
  reports: ['REPORT_NAMES', 'DashboardReport', 'DiscrepanciesReport', 'ExpiryReport', 'LedgerReport', 'ProductivityReport', 'StockReport'],
  sso: ['ReturnPath', 'SSO_ERRORS', 'SsoConfigResponse'],
  'stock-takes': ['ApproveStockTakeResponse', 'CreateStockTakeResponse', 'StockTakeActionResponse', 'StockTakeDetails', 'StockTakeNo'],
  verification: ['VERIFICATION_LIST_LIMIT', 'VerificationRequestsResponse', 'VerifyPackResponse'],
};

/** Read by no check: left out of the file. */
const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
const KEYWORDS = new Set<string>(CHECKED_KEYWORDS);

type Json = Record<string, unknown>;

/** Refuses what zod checks and JSON Schema does not say: a refinement, a regular expression's flags. */
function refuseUnsaid({ zodSchema, path }: { zodSchema: z.core.$ZodTypes; path: (string | number)[] }, name: string): void {
  for (const check of zodSchema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; pattern?: RegExp };
    if (def.check === 'custom') throw new Error(`${name} at /${path.join('/')}: a refinement, which JSON Schema cannot say`);
    if (def.pattern && def.pattern.flags !== '')
      throw new Error(`${name} at /${path.join('/')}: /${def.pattern.source}/${def.pattern.flags} has flags`);
  }
}

/** The schema with what the check reads: annotations and `additionalProperties: false` out, any other keyword refused. */
function keep(schema: Json, where: string): JsonSchema {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    // zod's object drops properties it does not name (the check passes over them); a record's keys are strings.
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    if (!KEYWORDS.has(key)) throw new Error(`${where}: the keyword '${key}' is not one lib/api/contract-check.ts checks`);
    if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, s]) => [name, keep(s, `${where}/${name}`)]));
    else if (key === 'items' || key === 'additionalProperties') out[key] = keep(value as Json, `${where}/${key}`);
    else if (key === 'anyOf') out[key] = (value as Json[]).map((s, i) => keep(s, `${where}/anyOf/${i}`));
    else out[key] = value;
  }
  return out as JsonSchema;
}

/** The check's JSON Schema of one contract schema. */
export function checkedSchema(schema: z.ZodType, name: string): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', override: (context) => refuseUnsaid(context, name) });
  return keep(json as Json, name);
}

const HEADER = [
  "// Generated by `npm run client:generate` from the contract's zod schemas (scripts/web-contract.ts, decision 0089): do not edit.",
  '// A check in `npm test` (apps/server/test/generated-client.test.ts) fails when it differs from the contract.',
].join('\n');

/** The text of one module of apps/web/src/lib/api/contract/: what the web takes at run time from the contract's module of that name. */
async function moduleSource(module: string): Promise<string> {
  const contract = (await import(`../packages/domain/src/contract/${module}.ts`)) as Record<string, unknown>;
  const lines = [HEADER, `import type * as contract from '@pharma/domain/contract/${module}';`];
  const body: string[] = [];
  let schemas = false;
  for (const name of [...(WEB_CONTRACT[module] ?? [])].sort()) {
    const value = contract[name];
    if (value instanceof z.ZodType) {
      schemas = true;
      body.push(
        `export type ${name} = Of<typeof contract.${name}>;`,
        '// prettier-ignore',
        `export const ${name}: Checked<${name}> = /* @__PURE__ */ checked<${name}>(${JSON.stringify(checkedSchema(value, name))});`,
        '',
      );
    } else if (value !== undefined && JSON.stringify(value) !== undefined) {
      body.push(`export const ${name}: typeof contract.${name} = ${JSON.stringify(value)};`, '');
    } else throw new Error(`contract/${module}.ts exports no schema or constant ${name}`);
  }
  if (schemas)
    lines.push(
      "import { checked, type Checked } from '../contract-check.ts';",
      '',
      "type Of<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;",
    );
  const file = join(CONTRACT_DIR, `${module}.ts`);
  return format([...lines, '', ...body].join('\n'), { ...(await resolveConfig(file)), filepath: file });
}

/** Each file of apps/web/src/lib/api/contract/ and its text, as the contract makes them now. */
export async function generateContractSources(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const module of Object.keys(WEB_CONTRACT).sort()) files.set(join(CONTRACT_DIR, `${module}.ts`), await moduleSource(module));
  return files;
}
