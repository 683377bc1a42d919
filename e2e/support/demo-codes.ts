import { CodeMaker } from '../../apps/server/src/seed/epcis-builder.ts';

/**
 * The SSCCs of the demo local IBD 1800000201's two cartons (20 packs each). The demo seed
 * (apps/server/src/seed/inventory.ts) draws every code from one `CodeMaker(4242)`; this replays
 * its draws in the same order. Journeys check the server knows the carton before relying on it,
 * so a change to the seed fails loudly here.
 */
export function demoLocalCartons(): [string, string] {
  const codes = new CodeMaker(4242);
  const any = { gtin: '0', batch: '', expiry: '' };
  codes.pallet(4, 12, any); // 1800000101
  codes.carton(12, any);
  codes.packs(6, any);
  codes.pallet(2, 24, any); // 1800000102
  codes.packs(4, any);
  codes.pallet(3, 10, any); // 1800000103
  codes.pallet(3, 10, any);
  codes.pallet(2, 10, any); // 1800000104
  codes.carton(10, any);
  return [codes.carton(20, any).sscc, codes.carton(20, any).sscc]; // 1800000201
}
