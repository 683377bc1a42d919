import { describe, expect, it } from 'vitest';
import { message } from '../../i18n/language.ts';
import * as zodAuth from '@pharma/domain/contract/auth';
import * as zodInventory from '@pharma/domain/contract/inventory';
import * as zodReaders from '@pharma/domain/contract/readers';
import * as zodRegister from '@pharma/domain/contract/register';
import * as zodSso from '@pharma/domain/contract/sso';
import { checked, ContractError, problemOf, type Checked, type JsonSchema } from './contract-check.ts';
import * as auth from './contract/auth.ts';
import * as inventory from './contract/inventory.ts';
import * as readers from './contract/readers.ts';
import * as register from './contract/register.ts';
import * as sso from './contract/sso.ts';

describe('problemOf', () => {
  const line: JsonSchema = {
    type: 'object',
    properties: {
      lineNo: { type: 'integer', minimum: 1 },
      batchNo: { type: ['string', 'null'], maxLength: 4 },
      status: { type: 'string', enum: ['Open', 'Completed'] },
      pageSize: { type: 'number', const: 20 },
      tags: { type: 'array', items: { type: 'string', pattern: '^[A-Z]+$' }, maxItems: 2 },
      note: { type: 'string' },
    },
    required: ['lineNo', 'batchNo', 'status', 'pageSize', 'tags'],
  };
  const good = { lineNo: 1, batchNo: null, status: 'Open', pageSize: 20, tags: ['A'] };

  it('passes a value of the shape, and one with properties the schema does not name (as zod does)', () => {
    expect(problemOf(line, good)).toBeUndefined();
    expect(problemOf(line, { ...good, note: 'x', extra: { any: 1 } })).toBeUndefined();
  });

  it('names where the value is wrong and what is wrong with it', () => {
    expect(problemOf(line, { ...good, lineNo: 1.5 })).toBe('$.lineNo: not integer');
    expect(problemOf(line, { ...good, lineNo: 0 })).toBe('$.lineNo: out of range');
    expect(problemOf(line, { ...good, batchNo: 'B12345' })).toBe('$.batchNo: length 6');
    expect(problemOf(line, { ...good, status: 'Gone' })).toBe('$.status: not one of ["Open","Completed"]');
    expect(problemOf(line, { ...good, pageSize: 21 })).toBe('$.pageSize: not 20');
    expect(problemOf(line, { ...good, tags: ['A', 'b'] })).toBe('$.tags[1]: not /^[A-Z]+$/');
    expect(problemOf(line, { ...good, tags: ['A', 'B', 'C'] })).toBe('$.tags: 3 items');
    expect(problemOf(line, { ...good, note: 3 })).toBe('$.note: not string');
    const { status: _, ...missing } = good;
    expect(problemOf(line, missing)).toBe('$.status: missing');
    expect(problemOf(line, [good])).toBe('$: not object');
    expect(problemOf(line, null)).toBe('$: not object');
  });

  it("checks a record's values and each form of a union", () => {
    const record: JsonSchema = { type: 'object', additionalProperties: { type: 'number' } };
    expect(problemOf(record, { a: 1, b: 2 })).toBeUndefined();
    expect(problemOf(record, { a: 1, b: '2' })).toBe('$.b: not number');
    const either: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(problemOf(either, null)).toBeUndefined();
    expect(problemOf(either, 1)).toBe('$: none of its 2 forms');
  });
});

describe('checked', () => {
  const name = checked<{ name: string }>({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });

  it('gives the value it was given when it fits, typed', () => {
    const value = { name: 'a' };
    expect(name.parse(value)).toBe(value);
    expect(name.safeParse(value)).toEqual({ success: true, data: value });
  });

  it("throws a ContractError the operator reads as the catalogue's text, with where it failed", () => {
    expect(() => name.parse({ name: 1 })).toThrow(ContractError);
    const result = name.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.message).toBe(message('SOMETHING_WENT_WRONG'));
      expect(result.error.where).toBe('$.name: missing');
    }
  });
});

/** Every value one change away from `value`: each property left out or given another kind of value, each list shortened. */
function* neighbours(value: unknown): Generator<unknown> {
  const others: unknown[] = [null, 0, 1.5, -1, '', 'x', true, [], {}];
  for (const other of others) yield other;
  if (Array.isArray(value)) {
    if (value.length > 0) yield value.slice(1);
    for (const [i, item] of value.entries()) for (const changed of neighbours(item)) yield value.map((v, j) => (j === i ? changed : v));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const { [key]: _, ...without } = value as Record<string, unknown>;
      yield without;
      for (const changed of neighbours(item)) yield { ...value, [key]: changed };
    }
  }
}

const user = { id: 'u1', user_type: 'operator', nric: '', firstName: 'Ann', lastName: 'Lee', email: 'ann@demo.local' };
const line = {
  lineNo: 10,
  materialNo: '10000001',
  materialName: 'Paracetamol',
  batchNo: 'B1',
  eanGtinNo: null,
  quantity: 48,
  scannedQuantity: 1,
  shortageQuantity: 47,
  scannedDetails: ['00312345678901234568'],
};
const unit = {
  type: 'PLT',
  sscc: '00312345678901234568',
  gtin: null,
  serial: null,
  status: 'ACTIVE',
  reason: null,
  warehouseNo: 'W2010',
  materialNo: null,
  materialName: null,
  batchNo: null,
  expiry: null,
  packs: 48,
  parent: null,
  children: [{ type: 'CTN', id: '00312345678901234575', status: 'ACTIVE' }],
  history: [{ at: '2026-11-20T00:00:00Z', action: 'SCANNED', by: null, before: null, after: { status: 'ACTIVE' }, reason: null }],
  editableStatuses: [],
  batchStatus: null,
  heldBatches: [],
  announced: { event: { id: null, type: 'ObjectEvent', bizStep: null, time: '2026-11-20T00:00:00Z' }, warehouseNo: null, expectedOn: [] },
};

/** A schema as the web checks it, beside the contract's zod schema it was written from, and a value that fits. */
const CASES: [string, Checked<unknown>, { safeParse(value: unknown): { success: boolean } }, unknown][] = [
  [
    'SessionResponse',
    auth.SessionResponse,
    zodAuth.SessionResponse,
    {
      user,
      authorization: {
        authorizedMicroApp: ['RDC'],
        applications: [
          {
            application: 'RDC',
            modules: [{ module: 'RECEIVE', isCompletelyPermitted: false, features: [{ feature: 'List', actions: ['Scan'] }] }],
          },
        ],
        rights: [],
      },
    },
  ],
  [
    'DocumentDetails',
    inventory.DocumentDetails,
    zodInventory.DocumentDetails,
    {
      document: {
        number: '1800000101',
        type: 'IBD',
        status: 'In Progress',
        warehouseNo: 'W2010',
        date: '2026-11-20',
        quantity: 48,
        scannedQuantity: 1,
        updatedAt: '2026-11-20T00:00:00Z',
        completedAt: null,
        receives: { type: 'STO', number: '4500000001' },
      },
      data: [line],
    },
  ],
  [
    'ScanResponse',
    inventory.ScanResponse,
    zodInventory.ScanResponse,
    {
      scanId: 'scan-0001',
      accepted: true,
      packs: 48,
      unit: { type: 'PLT', id: '00312345678901234568' },
      document: { status: 'In Progress' },
      warnings: ['FEFO'],
      data: [line],
    },
  ],
  ['SearchResponse', inventory.SearchResponse, zodInventory.SearchResponse, { data: [unit] }],
  ['ListResponse', inventory.ListResponse, zodInventory.ListResponse, { data: [], page: 1, pageSize: 20, total: 0 }],
  [
    'ReaderSettingsForScan',
    readers.ReaderSettingsForScan,
    zodReaders.ReaderSettingsForScan,
    { warehouseNo: 'W2010', reader: '', prefix: [']C1'], strip00: false, bareSscc: true },
  ],
  [
    'RegisterErrorBody',
    register.RegisterErrorBody,
    zodRegister.RegisterErrorBody,
    { code: 'INVALID', message: 'No.', fields: { email: { code: 'EMAIL', message: 'No.' } } },
  ],
  ['ReturnPath', sso.ReturnPath, zodSso.ReturnPath, '/rdc/scanPallet/1?p=IBD'],
];

describe("the web's schemas, written from the contract's (lib/api/contract/, decision 0089)", () => {
  it.each(CASES)('%s refuses and passes what zod does, one change away from a value that fits', (_, web, zod, value) => {
    expect(zod.safeParse(value).success).toBe(true);
    let compared = 0;
    for (const changed of neighbours(value)) {
      expect(web.safeParse(changed).success, JSON.stringify(changed)).toBe(zod.safeParse(changed).success);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });
});
