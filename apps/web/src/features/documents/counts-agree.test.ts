import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { FAMILIES } from '@pharma/domain';
import type { DocumentDetails, DocumentLine } from '@pharma/domain/contract/inventory';
import { documentKey, updateCachedDocument } from './api/get-document.ts';
import { scannedCount } from './lines.ts';

/**
 * Issue 27, "Counts that disagree": the scan page's badge, its scanned units, the details and the list
 * card read one source, the document's cached details, and those stay the server's: an answer is
 * never overwritten by a read sent before it, and a delete reads the document again.
 */
// A receiving family's document (the walk's IBD 1800000102), its type read from the registry.
const ID = { type: FAMILIES.find((f) => f.expected === 'lines+asn')!.type, number: '1800000102', area: 'RDC' as const };
const KEY = documentKey(ID.type, ID.number, ID.area);
const PALLET = '088812340000740908';

const line = (scannedQuantity: number, scannedDetails: string[] = []): DocumentLine => ({
  lineNo: 10,
  materialNo: '10000022',
  materialName: 'Atorvastatin',
  batchNo: 'K2856200',
  eanGtinNo: '08881234101112',
  quantity: 48,
  scannedQuantity,
  shortageQuantity: 0,
  scannedDetails,
});
const details = (status: DocumentDetails['document']['status'], scanned: number, units: string[] = []): DocumentDetails => ({
  document: {
    number: ID.number,
    type: ID.type,
    status,
    warehouseNo: 'W2010',
    date: '2026-11-20',
    quantity: 48,
    scannedQuantity: scanned,
    updatedAt: '2026-11-26T00:00:00.000Z',
    destinationWarehouseNo: null,
    bprNo: null,
    completedAt: null,
    receives: null,
  },
  data: [line(scanned, units)],
});
const shown = (client: QueryClient) => {
  const d = client.getQueryData<DocumentDetails>(KEY)!;
  return { status: d.document.status, scanned: d.document.scannedQuantity, badge: scannedCount(d.data, false) };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cached details after scans and deletes', () => {
  it('keeps a scan answer when a read sent before it lands afterwards, and reads the document again', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, details('Open', 0));
    let land: (d: DocumentDetails) => void = () => undefined;
    const reads: number[] = [];
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: () => {
        reads.push(reads.length + 1);
        // The first read is slow and carries the document as it was before the scan; later ones are the server's now.
        return reads.length === 1 ? new Promise<DocumentDetails>((resolve) => (land = resolve)) : details('In Progress', 48, [PALLET]);
      },
    });
    const stop = observer.subscribe(() => undefined);
    await settle();
    expect(reads).toHaveLength(1);

    updateCachedDocument(client, ID, { document: { status: 'In Progress' }, data: [line(48, [PALLET])] });
    expect(shown(client)).toEqual({ status: 'In Progress', scanned: 48, badge: 1 });
    land(details('Open', 0));
    await settle();
    await settle();
    expect(shown(client)).toEqual({ status: 'In Progress', scanned: 48, badge: 1 });
    expect(reads).toHaveLength(2);
    stop();
  });

  it('reads the document again after a delete, so the status and units are the server’s', async () => {
    const client = new QueryClient();
    let server = details('In Progress', 48, [PALLET]);
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: KEY,
      queryFn: () => {
        reads += 1;
        return Promise.resolve(server);
      },
    });
    const stop = observer.subscribe(() => undefined);
    await settle();
    expect(shown(client)).toEqual({ status: 'In Progress', scanned: 48, badge: 1 });

    server = details('Open', 0);
    updateCachedDocument(client, ID, { document: { status: 'Open' }, data: [line(0)] }, { removedUnitId: PALLET });
    expect(shown(client)).toEqual({ status: 'Open', scanned: 0, badge: 0 });
    await settle();
    expect(reads).toBe(2);
    expect(shown(client)).toEqual({ status: 'Open', scanned: 0, badge: 0 });
    stop();
  });
});

describe('scannedCount (the scan page badge)', () => {
  it('counts the scanned units as the list of scanned units does, once each; a counted family its packs', () => {
    const two = [line(49, [PALLET, '08881234100740/HKV5TQY7SQLM']), { ...line(4, [PALLET]), lineNo: 20 }];
    expect(scannedCount(two, false)).toBe(2);
    expect(scannedCount([line(0)], false)).toBe(0);
    expect(scannedCount([line(3), { ...line(2), lineNo: 20 }], true)).toBe(5);
  });
});
