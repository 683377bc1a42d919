import { withCheckDigit } from '@pharma/domain';
import { COMPANY_PREFIX } from './epcis-builder.ts';
import { digits, pick, seededRandom } from './random.ts';
import type { Product } from './stock-builder.ts';

/**
 * The demo warehouse's materials and batches (README: "Demo warehouse"), made from a fixed seed: the
 * same on every machine, and known without a database, so the demo documents' codes are too.
 */
export interface DemoMaterial {
  materialNo: string;
  name: string;
  gtin: string;
  batchType: 'GS1' | 'NON_GS1';
  /** Two batches, one expiring in 2027 and one in 2028, in the order they were made. */
  batches: { batchNo: string; expiry: string }[];
}

const SEED = 20261122;
const NAMES = [
  'Paracetamol 500 mg tablets, 20s',
  'Amoxicillin 250 mg capsules, 21s',
  'Metformin 850 mg tablets, 56s',
  'Atorvastatin 20 mg tablets, 28s',
  'Omeprazole 20 mg capsules, 28s',
  'Salbutamol 100 mcg inhaler, 200 doses',
  'Insulin glargine 100 U/ml pen, 5 x 3 ml',
  'Amlodipine 5 mg tablets, 30s',
  'Cetirizine 10 mg tablets, 30s',
  'Losartan 50 mg tablets, 28s',
  'Ibuprofen 400 mg tablets, 24s',
  'Enoxaparin 40 mg syringes, 10s',
] as const;

function catalogue(): DemoMaterial[] {
  const random = seededRandom(SEED);
  return NAMES.map((name, i) => ({
    materialNo: String(10_000_001 + i * 7),
    name,
    gtin: withCheckDigit(`0${COMPANY_PREFIX}${String(10_000 + i * 37).padStart(5, '0')}`),
    batchType: i % 6 === 5 ? 'NON_GS1' : 'GS1',
    batches: [2027, 2028].map((year) => {
      const month = 1 + Math.floor(random() * 12);
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const batchNo = `${pick(random, ['B', 'L', 'K'])}${year % 100}${digits(random, 5)}`;
      return { batchNo, expiry: `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}` };
    }),
  }));
}

export const DEMO_MATERIALS: readonly DemoMaterial[] = catalogue();

/** Demo material `i` with one of its batches: the first by batch number (as the seed has always taken it), or by year. */
export function demoProduct(i: number, batch: 'first' | 2027 | 2028 = 'first'): Product {
  const m = DEMO_MATERIALS[i]!;
  const b =
    batch === 'first'
      ? [...m.batches].sort((x, y) => (x.batchNo < y.batchNo ? -1 : 1))[0]!
      : m.batches.find((x) => x.expiry.startsWith(String(batch)))!;
  return { materialNo: m.materialNo, gtin: m.gtin, batch: b.batchNo, expiry: b.expiry };
}
