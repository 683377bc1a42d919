import type { Db } from '../../db/database.ts';
import * as reference from './reference.repository.ts';

/** Reference data (spec point 7): warehouses, sales organisations, transfer plants, partners. */
export class ReferenceService {
  constructor(private readonly db: Db) {}

  warehouses() {
    return reference.listWarehouses(this.db);
  }

  /** Each sales organisation with its warehouses. */
  async salesOrgs(): Promise<{ salesOrg: string; warehouseNos: string[] }[]> {
    const bySalesOrg = new Map<string, string[]>();
    for (const w of await this.warehouses()) bySalesOrg.set(w.salesOrg, [...(bySalesOrg.get(w.salesOrg) ?? []), w.warehouseNo]);
    return [...bySalesOrg].map(([salesOrg, warehouseNos]) => ({ salesOrg, warehouseNos }));
  }

  /** The plants a warehouse can transfer stock to: every other plant. */
  async transferPlants(warehouseNo?: string): Promise<{ plant: string; warehouseNo: string; name: string }[]> {
    return (await this.warehouses())
      .filter((w) => w.warehouseNo !== warehouseNo)
      .map((w) => ({ plant: w.plant, warehouseNo: w.warehouseNo, name: w.name }));
  }

  partners(warehouseNo: string) {
    return reference.partnersOf(this.db, warehouseNo);
  }
}
