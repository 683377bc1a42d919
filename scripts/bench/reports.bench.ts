/**
 * The reports (issue 32, decision 0077) on SQLite (and PostgreSQL when TEST_DATABASE_URL or
 * BENCH_DATABASE_URL is set, scan-server.ts), over real HTTP as the regional operator (module REPORTS):
 * each report's p95 of CALLS calls one after another, with no filter and with a material filter, on a
 * warehouse of UNITS units and DOCUMENTS documents, beside the raw driver's count of the rows the report
 * reads (units, document lines or scans), measured in the same run.
 * The data is written straight into the database, as the app leaves it (see `load`), in large batches:
 * - units: pallets of 4 cartons of 20 packs, loose cartons of 20 and loose packs, of 8 materials and 7
 *   batches each (expiries from expired to two years out, none for a NON_GS1 material's last batch),
 *   over the area's two warehouses and the other area's one; mostly ACTIVE, some QUARANTINE, DAMAGED,
 *   PENDING (arriving: out of stock; picked: in stock) and TRANSIT (dispatched: out of stock);
 * - documents: IBD, OBD and RMA over the last 180 days, 80% completed (a tenth of them short), 10% in
 *   progress, 10% open; two lines each; one scan and one scan item per scanned pack; the completion's
 *   audit rows of each completed document and of each of its packs (one pack of every hundredth document
 *   with an item status edit a minute before), sealed before anything is timed; some refused scans.
 * The reports that read a period (ledger, discrepancies, productivity) are timed with their default
 * period (no filter), with a material, and, for information, over the last 90 days.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { familyOf } from '@pharma/domain';
import { sql } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { insertAuditRows, sealAudit } from '../../apps/server/src/db/audit.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { onEachDatabase, percentile, round, type BenchServer } from './scan-server.ts';

const UNITS = Number(process.env.BENCH_REPORT_UNITS ?? 1_000_000);
const DOCUMENTS = Number(process.env.BENCH_REPORT_DOCUMENTS ?? 100_000);
const CALLS = 20;
const LIMIT_MS = 500;
/** The reports the routes may hold: one not there yet (the router's 404) is left out of the table. */
const REPORTS = ['expiry', 'stock', 'ledger', 'discrepancies', 'productivity', 'dashboard'] as const;
/** W2020 is added to the area RDC (the demo has one warehouse an area); W3010 is LDC's, never counted. */
const WAREHOUSES = ['W2010', 'W2010', 'W2010', 'W2010', 'W2010', 'W2020', 'W2020', 'W2020', 'W3010', 'W3010'] as const;
const BATCHES = 7;
/** Days from today to each batch's expiry: expired, 0-30, 31-90, 91-180, over 180 (twice), none. */
const EXPIRY_DAYS = [-20, 20, 60, 150, 300, 700, null] as const;
const PACKS_PER_LINE = 3;
const CHUNK = 20_000;

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const started = performance.now();
  const loaded = await load(s);
  const loadMs = performance.now() - started;
  // BENCH_REPORT_KEEP=<file>: SQLite's loaded database is copied there (for EXPLAIN QUERY PLAN), and nothing is timed.
  const keep = process.env.BENCH_REPORT_KEEP;
  if (keep && s.kind === 'sqlite') {
    await s.raw.exec(`VACUUM INTO '${keep.replaceAll("'", "''")}'`);
    return [];
  }
  const material = s.materials[0]!.materialNo;
  const rows: BenchRow[] = [
    {
      name: `${s.kind}: load of ${loaded.units.toLocaleString('en')} units, ${DOCUMENTS.toLocaleString('en')} documents, ${loaded.lines.toLocaleString('en')} lines, ${loaded.scans.toLocaleString('en')} scans and scan items`,
      value: round(loadMs / 1000),
      unit: 's',
      target: 'for information',
    },
  ];
  for (const report of REPORTS) {
    for (const filter of [null, material]) {
      const figure = await reportFigure(s, report, filter);
      if (figure) rows.push(figure);
    }
    if (PERIOD_REPORTS.includes(report)) {
      const figure = await reportFigure(s, report, null, QUARTER_FROM);
      if (figure) rows.push({ ...figure, target: 'for information', pass: undefined });
    }
  }
  return rows;
}

/** The reports that read a period, the last 30 days or today by default. */
const PERIOD_REPORTS: readonly string[] = ['ledger', 'discrepancies', 'productivity'];
const QUARTER_FROM = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);

/** CALLS calls of one report after two not timed: the p95 beside the raw count of the rows it reads; undefined when the route is not there. */
async function reportFigure(s: BenchServer, report: string, materialNo: string | null, from?: string): Promise<BenchRow | undefined> {
  const query = new URLSearchParams({ area: 'RDC', ...(materialNo === null ? {} : { materialNo }), ...(from ? { from } : {}) });
  const call = async () => {
    const t = performance.now();
    const res = await fetch(`${s.address}/api/reports/${report}?${query}`, { headers: { authorization: `Bearer ${s.rdc}` } });
    const text = await res.text();
    return { ms: performance.now() - t, status: res.status, text };
  };
  const first = await call();
  // The router's own 404 (a report's is UNKNOWN_WAREHOUSE): the route is not there yet.
  if (first.status === 404 && first.text.includes('"NOT_FOUND"')) return undefined;
  if (first.status !== 200) throw new Error(`report ${report}: ${first.status} ${first.text.slice(0, 300)}`);
  await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push((await call()).ms);
  const p95 = percentile(times, 0.95);
  const baseline = await rawCountMs(s, report, materialNo);
  const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
  return {
    name: `${s.kind}: ${report}, ${from ? 'the last 90 days' : materialNo === null ? 'no filter' : 'one material'}, p95 of ${CALLS} (p50 ${round(percentile(times, 0.5))} ms, load ${load})`,
    value: round(p95),
    unit: 'ms',
    baseline: { name: `${baseline.what} ms`, value: round(baseline.ms) },
    ratio: p95 / baseline.ms,
    target: `< ${LIMIT_MS} ms`,
    pass: p95 < LIMIT_MS,
  };
}

/**
 * The raw driver's aggregate of the rows a report reads (median of 5), read in full however the database
 * counts: the area's units per material, the document lines that differ, or the scans per user.
 */
async function rawCountMs(s: BenchServer, report: string, materialNo: string | null) {
  const material = materialNo === null ? '' : ` AND material_no = '${materialNo}'`;
  const [what, text] =
    report === 'discrepancies'
      ? ['raw count of differing lines', `SELECT count(*) FROM document_lines WHERE scanned_quantity <> quantity${material}`]
      : report === 'productivity'
        ? ['raw count of scans per user', 'SELECT user_id, count(*) FROM scans GROUP BY user_id']
        : [
            `raw count of the area's units${materialNo === null ? '' : ' of the material'} per material`,
            `SELECT material_no, count(*) FROM handling_units WHERE warehouse_no IN ('W2010', 'W2020')${material} GROUP BY material_no`,
          ];
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await s.raw.exec(text);
    times.push(performance.now() - t);
  }
  return { what, ms: percentile(times, 0.5) };
}

type Value = string | number | null;
interface Table {
  name: string;
  columns: readonly string[];
  /** PostgreSQL's array type of each column, for unnest. */
  types: readonly ('text' | 'int')[];
}

const TABLES = {
  units: {
    name: 'handling_units',
    columns: [
      'id',
      'type',
      'sscc',
      'gtin',
      'serial',
      'parent_id',
      'material_no',
      'batch_no',
      'expiry',
      'status',
      'reason',
      'warehouse_no',
      'created_at',
      'updated_at',
    ],
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'],
  },
  documents: {
    name: 'documents',
    columns: ['id', 'type', 'number', 'warehouse_no', 'status', 'doc_date', 'created_at', 'updated_at', 'completed_at'],
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'],
  },
  lines: {
    name: 'document_lines',
    columns: ['document_id', 'line_no', 'material_no', 'batch_no', 'quantity', 'scanned_quantity', 'shortage_quantity'],
    types: ['text', 'int', 'text', 'text', 'int', 'int', 'int'],
  },
  scans: {
    name: 'scans',
    columns: ['id', 'document_id', 'unit_id', 'kind', 'code', 'packs', 'user_id', 'device', 'at', 'request_hash', 'response_json'],
    types: ['text', 'text', 'text', 'text', 'text', 'int', 'text', 'text', 'text', 'text', 'text'],
  },
  items: {
    name: 'scan_items',
    columns: ['document_id', 'unit_id', 'scan_id', 'root_id', 'counted', 'before_status', 'before_reason', 'material_no', 'batch_no'],
    types: ['text', 'text', 'text', 'text', 'int', 'text', 'text', 'text', 'text'],
  },
  refusals: {
    name: 'scan_refusals',
    columns: ['id', 'user_id', 'doc_type', 'doc_no', 'warehouse_no', 'code', 'at'],
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'text'],
  },
} as const satisfies Record<string, Table>;

/**
 * Writes rows in large batches. SQLite: a connection of its own with synchronous OFF, one transaction a
 * batch (the app's connection sees the rows once committed). PostgreSQL: one INSERT ... SELECT FROM
 * unnest(arrays) a batch, through the app's pool.
 */
async function writer(database: DatabaseHandle) {
  if (database.kind === 'sqlite') {
    const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(database.db);
    const loader = new SQLite(rows.find((r) => r.name === 'main')!.file);
    loader.pragma('journal_mode = WAL');
    loader.pragma('synchronous = OFF');
    loader.pragma('cache_size = -262144');
    return {
      write: async (t: Table, batch: Value[][]) => {
        const insert = loader.prepare(`INSERT INTO ${t.name} (${t.columns.join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`);
        loader.transaction(() => {
          for (const row of batch) insert.run(row);
        })();
      },
      close: async () => void loader.close(),
    };
  }
  return {
    write: async (t: Table, batch: Value[][]) => {
      const arrays = t.columns.map((_, c) => sql`${batch.map((r) => r[c])}::${sql.raw(t.types[c]!)}[]`);
      await sql`INSERT INTO ${sql.table(t.name)} (${sql.join(t.columns.map((c) => sql.ref(c)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(
        database.db,
      );
    },
    close: async () => undefined,
  };
}

/** Days from today, as YYYY-MM-DD; `hours` later, as an ISO instant. */
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const day = (days: number) => new Date(today + days * 86_400_000).toISOString().slice(0, 10);
const instant = (days: number, minutes: number) => new Date(today + days * 86_400_000 + minutes * 60_000).toISOString();

async function load(s: BenchServer): Promise<{ units: number; lines: number; scans: number }> {
  const { db } = s.database;
  const at = instant(-200, 0);
  await db
    .insertInto('warehouses')
    .values({
      warehouse_no: 'W2020',
      name: 'Bench Regional DC 2',
      area: 'RDC',
      plant: '2020',
      sales_org: 'SG10',
      created_at: at,
      gln: null,
      time_zone: 'Asia/Singapore',
    })
    .execute();
  const materials = await db.selectFrom('materials').select(['material_no', 'gtin', 'batch_type']).orderBy('material_no').execute();
  const batchNo = (m: number, k: number) => `RB${m}${k}`;
  const expiryOf = (m: number, k: number) => {
    const days = EXPIRY_DAYS[k];
    return days === null || days === undefined ? (materials[m]!.batch_type === 'NON_GS1' ? null : day(900)) : day(days);
  };
  await db
    .insertInto('batches')
    .values(
      materials.flatMap((mat, m) =>
        Array.from({ length: BATCHES }, (_, k) => ({
          id: newId(),
          material_no: mat.material_no,
          batch_no: batchNo(m, k),
          expiry: expiryOf(m, k),
          created_at: at,
        })),
      ),
    )
    .execute();
  const w = await writer(s.database);
  try {
    // Units, block by block. Loose packs of blocks in stock, per material and batch: what the documents scanned.
    const packsOf = new Map<string, string[]>();
    let units = 0;
    const batch: Value[][] = [];
    let sscc = 0;
    const flush = async (force = false) => {
      if (batch.length >= CHUNK || (force && batch.length > 0)) await w.write(TABLES.units, batch.splice(0));
    };
    for (let b = 0; units < UNITS; b++) {
      const m = b % materials.length;
      const k = Math.floor(b / materials.length) % BATCHES;
      const mat = materials[m]!;
      const warehouse = WAREHOUSES[b % WAREHOUSES.length]!;
      // A block's state: 85% ACTIVE, then quarantined, damaged loose packs, arriving, picked, dispatched.
      const kind = b % 40;
      const [status, reason] =
        kind < 34
          ? ['ACTIVE', 'WAREHOUSE RECEIVED']
          : kind < 36
            ? ['QUARANTINE', 'ON HOLD']
            : kind === 37
              ? ['PENDING', 'PENDING GR']
              : kind === 38
                ? ['PENDING', 'DISPATCHED']
                : kind === 39
                  ? ['TRANSIT', 'DISPATCHED']
                  : ['ACTIVE', 'WAREHOUSE RECEIVED'];
      const add = (type: string, parent: string | null, looseDamaged = false): string => {
        const id = `rb${units++}`;
        const pack = type === 'EA';
        batch.push([
          id,
          type,
          pack ? null : String(300_000_000_000_000_000n + BigInt(sscc++)),
          pack ? mat.gtin : null,
          pack ? `S${id}` : null,
          parent,
          mat.material_no,
          batchNo(m, k),
          expiryOf(m, k),
          looseDamaged ? 'DAMAGED' : status,
          looseDamaged ? 'OTHER' : reason,
          warehouse,
          at,
          at,
        ]);
        return id;
      };
      const carton = (parent: string | null) => {
        const id = add('CTN', parent);
        for (let p = 0; p < 20; p++) add('EA', id);
      };
      const pallet = add('PLT', null);
      for (let c = 0; c < 4; c++) carton(pallet);
      carton(null);
      carton(null);
      for (let p = 0; p < 10; p++) {
        const id = add('EA', null, kind === 36);
        const key = `${m}/${k}`;
        if (kind < 34 && (packsOf.get(key)?.length ?? 0) < 400) packsOf.set(key, [...(packsOf.get(key) ?? []), id]);
      }
      await flush();
    }
    await flush(true);

    // Documents, their lines, scans and scan items; the completions' audit rows; refused scans.
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    const userOf = (warehouse: string) => users.find((u) => u.email === (warehouse === 'W3010' ? 'ldc@demo.local' : 'rdc@demo.local'))!.id;
    const types = ['IBD', 'OBD', 'RMA'] as const;
    const next = new Map<string, number>();
    const buffers = { documents: [] as Value[][], lines: [] as Value[][], scans: [] as Value[][], items: [] as Value[][] };
    const audit: {
      id: string;
      at: string;
      actor_id: string;
      entity: string;
      entity_id: string;
      action: string;
      before_json: string | null;
      after_json: string;
      reason: null;
    }[] = [];
    let lines = 0;
    let scans = 0;
    const completedPacks: { unit: string; edited: boolean }[] = [];
    // All four at once, in this order: a line, scan or item refers to its document, an item to its scan.
    const flushDocs = async (force = false) => {
      if (!force && buffers.scans.length < CHUNK) return;
      for (const key of ['documents', 'lines', 'scans', 'items'] as const)
        if (buffers[key].length > 0) await w.write(TABLES[key], buffers[key].splice(0));
    };
    for (let i = 0; i < DOCUMENTS; i++) {
      const type = types[i % 3]!;
      const warehouse = WAREHOUSES[i % WAREHOUSES.length]!;
      const state = Math.floor(i / 10) % 10;
      const status = state < 8 ? 'Completed' : state === 8 ? 'In Progress' : 'Open';
      const created = -(i % 180);
      const id = `rd${i}`;
      const completedAt = status === 'Completed' ? instant(created, 600 + (i % 480)) : null;
      const user = userOf(warehouse);
      buffers.documents.push([
        id,
        type,
        String(7_000_000_000 + i),
        warehouse,
        status,
        day(created),
        instant(created, 0),
        completedAt ?? instant(created, 60),
        completedAt,
      ]);
      for (let line = 1; line <= 2; line++) {
        const m = (i + (line - 1) * 3) % materials.length;
        const k = i % BATCHES;
        // A tenth of completed documents is one pack short on the first line; one in progress has scanned part.
        const scanned =
          status === 'Open'
            ? 0
            : status === 'In Progress'
              ? line === 1
                ? PACKS_PER_LINE - 1
                : 0
              : line === 1 && state === 7
                ? PACKS_PER_LINE - 1
                : PACKS_PER_LINE;
        const shortage = status === 'Completed' ? PACKS_PER_LINE - scanned : 0;
        buffers.lines.push([id, line, materials[m]!.material_no, batchNo(m, k), PACKS_PER_LINE, scanned, shortage]);
        lines++;
        const pool = packsOf.get(`${m}/${k}`) ?? [];
        for (let p = 0; p < scanned && pool.length > 0; p++) {
          const n = next.get(`${m}/${k}`) ?? 0;
          next.set(`${m}/${k}`, n + 1);
          const unit = pool[n % pool.length]!;
          const scanId = randomUUID();
          buffers.scans.push([
            scanId,
            id,
            unit,
            'scan',
            `01${materials[m]!.gtin}21S${unit}`,
            1,
            user,
            null,
            instant(created, 60 + line * 10 + p),
            'bench',
            '{}',
          ]);
          buffers.items.push([
            id,
            unit,
            scanId,
            unit,
            1,
            type === 'IBD' ? 'PENDING' : 'ACTIVE',
            type === 'IBD' ? 'PENDING GR' : 'WAREHOUSE RECEIVED',
            materials[m]!.material_no,
            batchNo(m, k),
          ]);
          scans++;
          if (completedAt) completedPacks.push({ unit, edited: i % 100 === 0 && line === 1 && p === 0 });
        }
      }
      // The completion's row of each pack (its state right before, the family's scanned one, or the state an
      // item status edit gave it a minute before: one pack of every hundredth document), as the app writes them.
      const family = familyOf(type)!;
      for (const pack of completedPacks.splice(0)) {
        const state = (s: { status: string; reason: string | null }) => JSON.stringify({ status: s.status, reason: s.reason });
        const edited = { status: 'DAMAGED', reason: 'OTHER' };
        if (pack.edited)
          audit.push({
            id: newId(Date.parse(completedAt!) - 60_000),
            at: new Date(Date.parse(completedAt!) - 60_000).toISOString(),
            actor_id: user,
            entity: 'unit',
            entity_id: pack.unit,
            action: 'status',
            before_json: state(family.scanned),
            after_json: state(edited),
            reason: null,
          });
        audit.push({
          id: newId(Date.parse(completedAt!)),
          at: completedAt!,
          actor_id: user,
          entity: 'unit',
          entity_id: pack.unit,
          action: `complete ${type} ${String(7_000_000_000 + i)}`,
          before_json: pack.edited ? state(edited) : state(family.scanned),
          after_json: state(family.completed),
          reason: null,
        });
      }
      if (completedAt)
        audit.push({
          id: newId(Date.parse(completedAt)),
          at: completedAt,
          actor_id: user,
          entity: 'document',
          entity_id: id,
          action: 'complete',
          before_json: null,
          after_json: '{}',
          reason: null,
        });
      await flushDocs();
    }
    await flushDocs(true);
    // Audit rows through the one writer, which signs them with the handle's key (decisions 0059, 0088); sealed now, not while timing.
    for (let i = 0; i < audit.length; i += 2000) await insertAuditRows(db, audit.slice(i, i + 2000));
    await sealAudit(db);
    const refusals: Value[][] = Array.from({ length: Math.floor(DOCUMENTS / 5) }, (_, i) => {
      const warehouse = WAREHOUSES[i % WAREHOUSES.length]!;
      return [
        randomUUID(),
        userOf(warehouse),
        types[i % 3]!,
        String(7_000_000_000 + i),
        warehouse,
        'QUANTITY_EXCEEDED',
        instant(-(i % 180), 90),
      ];
    });
    for (let i = 0; i < refusals.length; i += CHUNK) await w.write(TABLES.refusals, refusals.slice(i, i + CHUNK));
    if (s.database.kind === 'postgres') await sql`ANALYZE`.execute(db);
    return { units, lines, scans };
  } finally {
    await w.close();
  }
}
