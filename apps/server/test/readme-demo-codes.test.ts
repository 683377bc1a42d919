import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

interface CodeGroup {
  header: string;
  /** The documents the header names, in the order they are scanned ("STO 3000000201, then IBD 1800000106"). */
  documents: { type: DocumentType; number: string }[];
  /** As a scanner sends them: `<GS>` is the group separator. */
  codes: string[];
}

/**
 * The README's code blocks, by the header line above each run of codes that names the line-engine
 * documents they finish ("IBD 1800000101 (66 of 66):"). Runs under other headers (a redress PO, a
 * lite document, a repack) have their own tests.
 */
function codeGroups(): CodeGroup[] {
  const groups: CodeGroup[] = [];
  for (const [, block] of README.matchAll(/```\n([^`]*?)```/g)) {
    let current: CodeGroup | undefined;
    for (const line of block!.split('\n')) {
      if (current && line.startsWith(']')) {
        current.codes.push(line.replaceAll('<GS>', '\u001d'));
        continue;
      }
      const documents = /^[A-Z]+ \d{10}\b.*:$/.test(line)
        ? [...line.matchAll(/\b(IBD|OBD|RMA|DECOMM|RTP|STO) (\d{10})\b/g)].map((m) => ({ type: m[1] as DocumentType, number: m[2]! }))
        : [];
      current = documents.length > 0 ? { header: line, documents, codes: [] } : undefined;
      if (current) groups.push(current);
    }
  }
  return groups;
}

/**
 * Issue 14: every open demo document the README names can be scanned to its full count with the codes
 * the README gives, and completed without a shortage, as a newcomer would do it on the scan page.
 */
describe.each(DATABASES)("the README's demo codes on %s", (kind) => {
  let t: TestApp;
  const groups = codeGroups();

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('name every open regional and local document of the demo tables', () => {
    const named = groups.flatMap((g) => g.documents.map((d) => `${d.type} ${d.number}`));
    expect(named).toEqual(
      expect.arrayContaining([
        'IBD 1800000101',
        'IBD 1800000102',
        'IBD 1800000103',
        'OBD 8000000101',
        'RMA 6000000101',
        'DECOMM 7000000101',
        'OBD 8000000201',
        'RMA 6000000201',
        'DECOMM 7000000201',
        'RTP 4000000201',
        'STO 3000000201',
        'IBD 1800000106',
      ]),
    );
  });

  it('scan each of those documents to its full count and complete it with no shortage', async () => {
    const users = { RDC: (await signIn(t.app, DEMO_USERS.rdc)).headers, LDC: (await signIn(t.app, DEMO_USERS.ldc)).headers };
    for (const group of groups) {
      for (const document of group.documents) {
        const { area } = await t.database.db
          .selectFrom('documents')
          .innerJoin('warehouses', 'warehouses.warehouse_no', 'documents.warehouse_no')
          .select('warehouses.area')
          .where('documents.type', '=', document.type)
          .where('documents.number', '=', document.number)
          .executeTakeFirstOrThrow();
        const post = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url: `${url}?area=${area}`, headers: users[area as 'RDC' | 'LDC'], payload });
        for (const code of group.codes) {
          const sscc = code.startsWith(']C100') ? code.slice(5) : undefined;
          const unit = sscc
            ? (await t.database.db.selectFrom('handling_units').select('type').where('sscc', '=', sscc).executeTakeFirstOrThrow()).type
            : 'EA';
          const scan = await post('/api/scanForOperation', {
            docType: document.type,
            docNo: document.number,
            code,
            unit,
            idType: 'GS1',
            scanId: randomUUID(),
          });
          expect(scan.statusCode, `${group.header} ${document.type} ${document.number}: ${code}: ${scan.body}`).toBe(200);
        }
        const done = await post('/api/completeOperation', { docType: document.type, docNo: document.number });
        expect(done.statusCode, `${document.type} ${document.number}: ${done.body}`).toBe(200);
        const lines = done.json().data as { quantity: number; scannedQuantity: number }[];
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line.scannedQuantity, `${document.type} ${document.number}`).toBe(line.quantity);
      }
    }
  });

  // Issue 27: following the dispatch demo first made the repack demo refuse its pallet ('locked (TRANSIT,
  // DISPATCHED)'). The demo documents share no unit, so every README demo finishes in any order: this
  // runs after the test above finished every document, and the repack still finishes.
  it('finish the regional repack RP00000001 after every document above was finished', async () => {
    const rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${url}?area=RDC`, headers: rdc, payload });
    const block = /^Regional repack RP00000001:.*\n((?:(?:on: |off: )?\].*\n)+)/m.exec(README)!;
    const [pallet, ...moves] = block[1]!
      .trim()
      .split('\n')
      .map((l) => /^(on: |off: )?(\].*)$/.exec(l)!);
    expect(moves).toHaveLength(2);
    const opened = await post('/api/repackScan', { code: pallet![2]! });
    expect(opened.json(), opened.body).toMatchObject({ repackNo: 'RP00000001', state: 'REPACK_PENDING' });
    for (const [, side, code] of moves) {
      const payload = { repackNo: 'RP00000001', code: code!.replaceAll('<GS>', '\u001d'), scanId: randomUUID(), remove: side === 'off: ' };
      const res = await post('/api/repackScanOperation', payload);
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await post('/api/repackCompleteOperator', { repackNo: 'RP00000001' });
    expect(done.json(), done.body).toMatchObject({ message: 'Repacking completed successfully!', repack: { moves: 2 } });
  });
});
