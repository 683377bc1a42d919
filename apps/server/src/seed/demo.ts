import { DEMO_PASSWORD } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { buildRole, buildUser, everyModule, readOnlyModules } from './builders.ts';
import { DEMO_MATERIALS } from './demo-catalogue.ts';
import { seedInventory } from './inventory.ts';

/** The demo warehouse (README: "Demo warehouse"). Tests rely on it. The password is config's, which refuses it as an admin's. */
export { DEMO_PASSWORD };
export const DEMO_USERS = {
  admin: 'admin@demo.local',
  rdc: 'rdc@demo.local',
  ldc: 'ldc@demo.local',
  viewer: 'viewer@demo.local',
  nobody: 'nobody@demo.local',
} as const;
/**
 * GLNs of the demo company prefix (8881234) with the plant as location reference; the check digit is GS1's mod 10.
 * New SSCCs use 0614141, the company prefix of GS1's own examples (EPC Tag Data Standard, EPCIS), with an
 * extension digit per warehouse (decision 0030).
 */
export const DEMO_WAREHOUSES = [
  {
    warehouseNo: 'W2010',
    name: 'Singapore Regional DC',
    area: 'RDC',
    plant: '2010',
    salesOrg: 'SG10',
    gln: '8881234020109',
    timeZone: 'Asia/Singapore',
    gs1CompanyPrefix: '0614141',
    extensionDigit: '5',
  },
  {
    warehouseNo: 'W3010',
    name: 'Jurong Local DC',
    area: 'LDC',
    plant: '3010',
    salesOrg: 'SG10',
    gln: '8881234030108',
    timeZone: 'Asia/Singapore',
    gs1CompanyPrefix: '0614141',
    extensionDigit: '6',
  },
] as const;

export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const adminId = await db.transaction().execute((trx) => seedDemo(trx));
  await seedInventory(db, adminId);
  return true;
}

async function seedDemo(db: Db): Promise<string> {
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
        gs1_company_prefix: w.gs1CompanyPrefix,
        sscc_extension_digit: w.extensionDigit,
        created_at: now,
      })),
    )
    .execute();

  for (const m of DEMO_MATERIALS) {
    await db
      .insertInto('materials')
      .values({ material_no: m.materialNo, name: m.name, gtin: m.gtin, batch_type: m.batchType, created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('batches')
      .values(m.batches.map((b) => ({ id: newId(), material_no: m.materialNo, batch_no: b.batchNo, expiry: b.expiry, created_at: now })))
      .execute();
  }
  return ids[0]!;
}
