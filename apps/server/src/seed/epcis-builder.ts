import { sgtinUri, ssccUri, withCheckDigit } from '@pharma/domain';
import { digits, seededRandom } from './random.ts';

/**
 * Builds EPCIS 2.0 documents for serialised stock: commissioning ObjectEvents (lot and expiry in
 * ilmd, CBV master-data names) and AggregationEvents (pack > carton > pallet), each with a desadv
 * business transaction naming the IBD. The demo seed, the API tests and the benchmarks use it.
 */
export const COMPANY_PREFIX = '8881234';

export interface PackSpec {
  gtin: string;
  serial: string;
  batch: string;
  expiry: string;
}
export interface CartonSpec {
  sscc: string;
  packs: PackSpec[];
}
export interface PalletSpec {
  sscc: string;
  cartons: CartonSpec[];
}
export interface Shipment {
  ibdNo?: string;
  pallets?: PalletSpec[];
  cartons?: CartonSpec[];
  packs?: PackSpec[];
}

/** Makes SSCCs and serials from a seed: the same seed, the same codes. */
export class CodeMaker {
  private readonly random: () => number;
  private next = 0;
  constructor(
    seed: number,
    private readonly extension = '0',
  ) {
    this.random = seededRandom(seed);
  }
  sscc(): string {
    this.next += 1;
    return withCheckDigit(`${this.extension}${COMPANY_PREFIX}${String(this.next).padStart(5, '0')}${digits(this.random, 4)}`);
  }
  serial(): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let s = '';
    for (let i = 0; i < 12; i++) s += alphabet[Math.floor(this.random() * alphabet.length)];
    return s;
  }
  packs(count: number, product: { gtin: string; batch: string; expiry: string }): PackSpec[] {
    return Array.from({ length: count }, () => ({ ...product, serial: this.serial() }));
  }
  carton(count: number, product: { gtin: string; batch: string; expiry: string }): CartonSpec {
    return { sscc: this.sscc(), packs: this.packs(count, product) };
  }
  pallet(cartons: number, perCarton: number, product: { gtin: string; batch: string; expiry: string }): PalletSpec {
    return { sscc: this.sscc(), cartons: Array.from({ length: cartons }, () => this.carton(perCarton, product)) };
  }
}

export function epcisDocument(shipment: Shipment, eventTime = '2026-11-01T08:00:00.000Z'): Record<string, unknown> {
  const events: Record<string, unknown>[] = [];
  const bizTransactionList = shipment.ibdNo
    ? [{ type: 'desadv', bizTransaction: `urn:epcglobal:cbv:bt:${COMPANY_PREFIX}000001:${shipment.ibdNo}` }]
    : undefined;
  const allPacks = [
    ...(shipment.pallets ?? []).flatMap((p) => p.cartons.flatMap((c) => c.packs)),
    ...(shipment.cartons ?? []).flatMap((c) => c.packs),
    ...(shipment.packs ?? []),
  ];
  const byLot = new Map<string, PackSpec[]>();
  for (const p of allPacks) byLot.set(`${p.gtin}|${p.batch}|${p.expiry}`, [...(byLot.get(`${p.gtin}|${p.batch}|${p.expiry}`) ?? []), p]);
  for (const packs of byLot.values()) {
    events.push({
      type: 'ObjectEvent',
      eventTime,
      eventTimeZoneOffset: '+00:00',
      epcList: packs.map((p) => sgtinUri(p.gtin, p.serial)),
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      ilmd: { 'cbvmda:lotNumber': packs[0]!.batch, 'cbvmda:itemExpirationDate': packs[0]!.expiry },
      ...(shipment.packs?.length && bizTransactionList ? { bizTransactionList } : {}),
    });
  }
  const aggregate = (parent: string, children: string[], withDesadv: boolean) =>
    events.push({
      type: 'AggregationEvent',
      eventTime,
      eventTimeZoneOffset: '+00:00',
      parentID: ssccUri(parent),
      childEPCs: children,
      action: 'ADD',
      bizStep: 'packing',
      disposition: 'in_progress',
      ...(withDesadv && bizTransactionList ? { bizTransactionList } : {}),
    });
  for (const pallet of shipment.pallets ?? []) {
    for (const carton of pallet.cartons)
      aggregate(
        carton.sscc,
        carton.packs.map((p) => sgtinUri(p.gtin, p.serial)),
        false,
      );
    aggregate(
      pallet.sscc,
      pallet.cartons.map((c) => ssccUri(c.sscc)),
      true,
    );
  }
  for (const carton of shipment.cartons ?? [])
    aggregate(
      carton.sscc,
      carton.packs.map((p) => sgtinUri(p.gtin, p.serial)),
      true,
    );
  return {
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: eventTime,
    epcisBody: { eventList: events },
  };
}

/** The raw text a scanner sends for a pack's DataMatrix and a pallet's or carton's GS1-128 label. */
export function packScan(p: PackSpec, gs = '\u001d'): string {
  const yymmdd = p.expiry.slice(2, 4) + p.expiry.slice(5, 7) + p.expiry.slice(8, 10);
  return `]d201${p.gtin}17${yymmdd}10${p.batch}${gs}21${p.serial}`;
}
export function ssccScan(sscc: string): string {
  return `]C100${sscc}`;
}
