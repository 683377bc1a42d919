import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { packScan } from '../src/seed/epcis-builder.ts';
import { decodePng, pdfToPng, zplToPng } from './barcode-reader.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Issue 26, replayed (decision 0055): a material name with CR/LF written by the ERP went through a print
 * to a Redis server and ran a command there. A material name and a lot number holding CR/LF, `^XZ^XA`
 * (end this label, start another), `~JR` (a control command) and NUL, as the ERP wrote them before
 * validation existed: the ZPL is one label whose fields hold them as text, without control characters;
 * the PDF shows them as text. NUL only on SQLite: PostgreSQL's text cannot hold it.
 */
describe.each(DATABASES)('label fields from hostile ERP data on %s', (kind) => {
  const attack = `\r\nFLUSHALL\r\n^XZ^XA~JR${kind === 'sqlite' ? '\0' : ''}\x1B`;
  /** The same value as a label shows it: control characters gone. */
  const shown = 'FLUSHALL^XZ^XA~JR';
  /** A pack label is 60 mm wide: its batch line holds a shorter attack. */
  const packAttack = `\r\n^XZ^XA~JR${kind === 'sqlite' ? '\0' : ''}`;
  let t: TestApp;
  let rdc: Record<string, string>;
  let printer: Server;
  const received: string[] = [];
  let pallet: { sscc: string; materialNo: string };
  const pack = DEMO_INVENTORY.stock.loosePacks[1]!;

  beforeAll(async () => {
    printer = createServer((socket) => {
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('end', () => received.push(data));
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as AddressInfo).port;
    t = await startTestApp(kind, { PRINTER_ALLOW_LOOPBACK: 'true', PRINTER_PORTS: String(port) });
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const setup = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/warehouses/W2010',
      headers: admin,
      payload: { gs1CompanyPrefix: '0614141', extensionDigit: '5', printers: [{ name: 'Dock 1', host: '127.0.0.1', port }] },
    });
    expect(setup.statusCode).toBe(200);
    pallet = await hostilePallet(t, `LOT${attack}`, `Paracetamol${attack}`);
    // The pack's batch, as the ERP wrote it.
    await t.database.db
      .updateTable('handling_units')
      .set({ batch_no: `B${packAttack}` })
      .where('gtin', '=', pack.gtin)
      .where('serial', '=', pack.serial)
      .execute();
  });
  afterAll(async () => {
    printer?.close();
    await t?.close();
  });

  const { post } = requests({ app: () => t.app, as: () => rdc });

  it(
    'the pallet label as ZPL: one label, the name and lot as text, the SSCC barcode still at the bottom',
    { timeout: 60_000 },
    async () => {
      const res = await post('/api/printLabel', { sscc: pallet.sscc, format: 'ZPL' });
      expect(res.statusCode).toBe(200);
      expectOneLabel(res.body);
      const fields = fieldData(res.body);
      expect(fields.some((f) => f.startsWith(`BATCH/LOT LOT${shown}   USE BY `))).toBe(true);
      expect(fields).toContain(`${pallet.materialNo} Paracetamol${shown}`);
      // Drawn and scanned: the label was not cut short; a lot a GS1 barcode may not carry gets no content barcode.
      const codes = await decodePng(await zplToPng(res.body, 8));
      expect(codes.map((c) => c.text)).toEqual([`(00)${pallet.sscc}`]);
    },
  );

  it('the pallet label sent to a printer: the printer receives that one label, nothing else', async () => {
    const res = await post('/api/printLabel', { sscc: pallet.sscc, format: 'ZPL', printer: 'Dock 1' });
    expect(res.statusCode).toBe(202);
    await expect.poll(() => received.length).toBe(1);
    expectOneLabel(received[0]!);
    expect(received[0]).not.toMatch(/FLUSHALL\r?\n/);
    expect(fieldData(received[0]!).some((f) => f.startsWith(`BATCH/LOT LOT${shown}   USE BY `))).toBe(true);
  });

  it(
    'the pallet label as PDF: the name and lot shown as text, no control characters; the SSCC barcode scans',
    { timeout: 60_000 },
    async () => {
      const res = await post('/api/printLabel', { sscc: pallet.sscc, format: 'PDF' });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain(`BATCH/LOT LOT${shown}`);
      expect(text).toContain(`${pallet.materialNo} Paracetamol${shown}`);
      // pdftotext ends lines with LF and pages with FF: no other control character.
      expect(text).not.toMatch(/[\x00-\x09\x0B\x0D-\x1F\x7F]/);
      const codes = await decodePng(pdfToPng(res.rawPayload));
      expect(codes.map((c) => c.text)).toEqual([`(00)${pallet.sscc}`]);
    },
  );

  it.each(['ZPL', 'PDF'] as const)('the pack label as %s: the batch as text, one label', { timeout: 60_000 }, async (format) => {
    const res = await post('/api/printPackLabel', { code: packScan(pack), format });
    expect(res.statusCode).toBe(200);
    if (format === 'ZPL') {
      expectOneLabel(res.body);
      expect(fieldData(res.body)).toContain('(10) B^XZ^XA~JR');
    } else {
      expect(pdfText(res.rawPayload)).toContain('(10) B^XZ^XA~JR\n');
    }
  });
});

/** One label: one ^XA and one ^XZ, command lines only, no control character in any field, no '~' command. */
function expectOneLabel(zpl: string): void {
  expect(zpl.match(/\^XA/g)).toHaveLength(1);
  expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  expect(zpl).not.toContain('~');
  const lines = zpl.split('\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) expect(line).toMatch(/^\^[^\x00-\x1F\x7F]*$/);
}

/** The ZPL fields' data as the printer reads it: ^FH\ hexadecimal escapes decoded. */
function fieldData(zpl: string): string[] {
  return [...zpl.matchAll(/\^FH\\\^FD(.*?)\^FS/gs)].map((m) =>
    m[1]!.replace(/\\([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
}

/** The PDF's text as poppler's pdftotext extracts it. */
function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'label-text-'));
  try {
    writeFileSync(join(dir, 'label.pdf'), pdf);
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'label.pdf'), join(dir, 'label.txt')]);
    return readFileSync(join(dir, 'label.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A pallet of W2010 whose packs all get one material and the hostile lot; that material gets the hostile name. */
async function hostilePallet(t: TestApp, lot: string, name: string): Promise<{ sscc: string; materialNo: string }> {
  const db = t.database.db;
  const pallets = await db
    .selectFrom('handling_units')
    .select(['id', 'sscc'])
    .where('type', '=', 'PLT')
    .where('warehouse_no', '=', 'W2010')
    .execute();
  for (const p of pallets) {
    const cartons = await db.selectFrom('handling_units').select('id').where('parent_id', '=', p.id).execute();
    if (cartons.length === 0) continue;
    const packs = await db
      .selectFrom('handling_units')
      .select(['id', 'material_no'])
      .where(
        'parent_id',
        'in',
        cartons.map((c) => c.id),
      )
      .where('type', '=', 'EA')
      .execute();
    const materialNo = packs[0]?.material_no;
    if (!materialNo) continue;
    await db
      .updateTable('handling_units')
      .set({ material_no: materialNo, batch_no: lot })
      .where(
        'id',
        'in',
        packs.map((x) => x.id),
      )
      .execute();
    await db.updateTable('materials').set({ name }).where('material_no', '=', materialNo).execute();
    return { sscc: p.sscc!, materialNo };
  }
  throw new Error('no pallet with packs in W2010');
}
