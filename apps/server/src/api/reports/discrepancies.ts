import { mergeLines } from '@pharma/domain';
import type { AppliedFilters, DiscrepanciesReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { discrepancyDocuments, discrepancyLines, type DiscrepancyLineRow } from './discrepancies.repository.ts';
import { isoToday } from '../../lib/today.ts';
import { DEFAULT_PERIOD_DAYS, periodBounds, withDefaultPeriod } from './filters.ts';
import { reportRead } from '../../db/report-read.ts';
import type { ReportFacts } from './report-facts.ts';

/**
 * The discrepancies report (issue 32, decision 0077): completed receiving, dispatch and return documents
 * whose lines were scanned short (or over) of what they expected, and who completed them.
 */

type DocumentEntry = DiscrepanciesReport['documents'][number];

/**
 * The documents completed in the period, the last 30 days by default as the ledger's (a warehouse's whole
 * history is no morning's question, and 100,000 documents' worth was megabytes of answer). The documents
 * are those of the registry's families marked `discrepancies` (`facts.discrepancyTypes`).
 */
export async function discrepanciesReport(
  db: Db,
  given: AppliedFilters,
  facts: ReportFacts,
  today = isoToday(),
): Promise<DiscrepanciesReport> {
  const filters = withDefaultPeriod(given, DEFAULT_PERIOD_DAYS, today);
  const { since, before } = periodBounds(filters);
  const query = {
    types: facts.discrepancyTypes,
    warehouseNos: filters.warehouseNos,
    since,
    before,
    materialNo: filters.materialNo,
    batchNo: filters.batchNo,
  };
  const [documents, lines] = await Promise.all([
    reportRead(db, (r) => discrepancyDocuments(r, query)),
    reportRead(db, (r) => discrepancyLines(r, query)),
  ]);
  const linesOf = new Map<string, DiscrepancyLineRow[]>();
  for (const l of lines) {
    const of = linesOf.get(l.document_id);
    if (of) of.push(l);
    else linesOf.set(l.document_id, [l]);
  }
  const answer: DocumentEntry[] = [];
  for (const d of documents) {
    const differing = differingLines(linesOf.get(d.id) ?? []);
    // Lines of one material and batch that differ one way and the other may cancel out once merged.
    if (differing.length === 0) continue;
    answer.push({
      docType: d.type,
      docNo: d.number,
      warehouseNo: d.warehouse_no,
      completedAt: d.completed_at,
      completedBy: d.completed_by,
      lines: differing,
    });
  }
  return { filters, documents: answer };
}

/**
 * The lines as the details page shows them (merged per material and batch by the same `mergeLines`, under
 * the first line's number), those whose scanned quantity differs from the expected: scanned minus expected,
 * so a shortage is negative. Completion recorded each shortage (`shortage_quantity`) as expected minus
 * scanned at that moment, and a completed document takes no more scans: the two agree.
 */
function differingLines(rows: readonly DiscrepancyLineRow[]): DocumentEntry['lines'] {
  const merged = mergeLines(
    rows.map((r) => ({
      lineNo: r.line_no,
      materialNo: r.material_no,
      batchNo: r.batch_no,
      quantity: r.quantity,
      scannedQuantity: r.scanned_quantity,
      // Not reported: the merge carries them along untouched.
      materialName: '',
      eanGtinNo: null,
      shortageQuantity: 0,
    })),
    [],
  );
  return merged
    .filter((l) => l.scannedQuantity !== l.quantity)
    .map((l) => ({
      lineNo: l.lineNo,
      materialNo: l.materialNo,
      batchNo: l.batchNo,
      expected: l.quantity,
      scanned: l.scannedQuantity,
      difference: l.scannedQuantity - l.quantity,
    }));
}

/** One row per line, in DISCREPANCIES_CSV_HEADER order, the document's fields repeated on each. */
export function discrepanciesCsvRows(report: DiscrepanciesReport): (string | number | null)[][] {
  return report.documents.flatMap((d) =>
    d.lines.map((l) => [
      d.docType,
      d.docNo,
      d.warehouseNo,
      d.completedAt,
      d.completedBy,
      l.lineNo,
      l.materialNo,
      l.batchNo,
      l.expected,
      l.scanned,
      l.difference,
    ]),
  );
}
