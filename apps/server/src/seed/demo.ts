import { withCheckDigit } from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { buildRole, buildUser, everyModule, readOnlyModules } from './builders.ts';
import { digits, pick, seededRandom } from './random.ts';
import { seedInventory } from './inventory.ts';

/** The demo warehouse (README: "Demo warehouse"). Tests rely on it. */
export const DEMO_PASSWORD = 'Scan#2026';
export const DEMO_USERS = {
  admin: 'admin@demo.local',
  rdc: 'rdc@demo.local',
  ldc: 'ldc@demo.local',
  viewer: 'viewer@demo.local',
  nobody: 'nobody@demo.local',
} as const;
/** GLNs of the demo company prefix (8881234) with the plant as location reference; the check digit is GS1's mod 10. */
export const DEMO_WAREHOUSES = [
  {
    warehouseNo: 'W2010',
    name: 'Singapore Regional DC',
    area: 'RDC',
    plant: '2010',
    salesOrg: 'SG10',
    gln: '8881234020109',
    timeZone: 'Asia/Singapore',
  },
  {
    warehouseNo: 'W3010',
    name: 'Jurong Local DC',
    area: 'LDC',
    plant: '3010',
    salesOrg: 'SG10',
    gln: '8881234030108',
    timeZone: 'Asia/Singapore',
  },
] as const;

const SEED = 20261122;
/** A GS1 company prefix for demo GTINs (GS1 Singapore range 888). */
const COMPANY_PREFIX = '8881234';
const PRODUCTS = [
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

export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const adminId = await db.transaction().execute((trx) => seedDemo(trx));
  await seedInventory(db, adminId);
  return true;
}

async function seedDemo(db: Db): Promise<string> {
  const random = seededRandom(SEED);
  const now = new Date().toISOString();

  const admin = await buildRole(db, {
    name: 'Administrator',
    description: 'Both areas, every module, user administration and ERP/EPCIS integration',
    areas: ['RDC', 'LDC'],
    modules: everyModule(['RDC', 'LDC']),
    rights: ['ADMIN', 'INTEGRATION'],
  });
  const rdc = await buildRole(db, { name: 'RDC operator', areas: ['RDC'], modules: everyModule(['RDC']) });
  const ldc = await buildRole(db, { name: 'LDC operator', areas: ['LDC'], modules: everyModule(['LDC']) });
  const viewer = await buildRole(db, { name: 'LDC viewer', areas: ['LDC'], modules: readOnlyModules('LDC') });

  const people = [
    { email: DEMO_USERS.admin, firstName: 'Ada', lastName: 'Admin', userType: 'admin', roleIds: [admin] },
    { email: DEMO_USERS.rdc, firstName: 'Raj', lastName: 'Regional', userType: 'operator', roleIds: [rdc] },
    { email: DEMO_USERS.ldc, firstName: 'Lina', lastName: 'Local', userType: 'operator', roleIds: [ldc] },
    { email: DEMO_USERS.viewer, firstName: 'Vera', lastName: 'Viewer', userType: 'viewer', roleIds: [viewer] },
    { email: DEMO_USERS.nobody, firstName: 'Noah', lastName: 'Nobody', userType: 'none', roleIds: [] },
  ];
  const ids: string[] = [];
  for (const [i, p] of people.entries()) {
    ids.push(await buildUser(db, { ...p, password: DEMO_PASSWORD, nric: `S${String(1000001 + i)}D` }));
  }

  await db
    .insertInto('warehouses')
    .values(
      DEMO_WAREHOUSES.map((w) => ({
        warehouse_no: w.warehouseNo,
        name: w.name,
        area: w.area,
        plant: w.plant,
        sales_org: w.salesOrg,
        gln: w.gln,
        time_zone: w.timeZone,
        created_at: now,
      })),
    )
    .execute();

  for (const [i, name] of PRODUCTS.entries()) {
    const materialNo = String(10_000_001 + i * 7);
    const gtin = withCheckDigit(`0${COMPANY_PREFIX}${String(10_000 + i * 37).padStart(5, '0')}`);
    await db
      .insertInto('materials')
      .values({ material_no: materialNo, name, gtin, batch_type: i % 6 === 5 ? 'NON_GS1' : 'GS1', created_at: now, updated_at: now })
      .execute();
    for (let b = 0; b < 2; b++) {
      const year = 2027 + b;
      const month = 1 + Math.floor(random() * 12);
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      await db
        .insertInto('batches')
        .values({
          id: newId(),
          material_no: materialNo,
          batch_no: `${pick(random, ['B', 'L', 'K'])}${year % 100}${digits(random, 5)}`,
          expiry: `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`,
          created_at: now,
        })
        .execute();
    }
  }
  return ids[0]!;
}
