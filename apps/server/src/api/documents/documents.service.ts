import { parseDocumentStatus, PAGE_SIZE, type DocumentStatus, type DocumentType } from '@pharma/domain';
import type { DocumentDetails, ListQuery } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines, documentSummary } from '../inventory/document-view.ts';

/** Document lists and details, shared by every document family. */
export class DocumentsService {
  constructor(private readonly db: Db) {}

  async list(type: DocumentType, area: 'RDC' | 'LDC', query: ListQuery) {
    if (query.search !== undefined && query.search.trim().length > 0 && query.search.trim().length < 5) {
      throw new AppError(400, 'SEARCH_MIN_5');
    }
    if (query.from && query.to && !withinAYear(query.from, query.to)) throw new AppError(400, 'INVALID_DATE_RANGE');
    const statuses = [query.status ?? []].flat().map((s) => parseDocumentStatus(s)).filter((s): s is DocumentStatus => !!s);
    const { rows, total } = await docs.listDocuments(this.db, {
      type,
      warehouseArea: area,
      statuses,
      search: query.search?.trim() || undefined,
      from: query.from,
      to: query.to,
      sort: query.sort,
      page: query.page,
    });
    return { data: rows.map((r) => documentSummary(r, r.quantity, r.scanned)), page: query.page, pageSize: PAGE_SIZE as typeof PAGE_SIZE, total };
  }

  async details(type: DocumentType, number: string, area: 'RDC' | 'LDC'): Promise<DocumentDetails> {
    const doc = await docs.findDocument(this.db, type, number, area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type, number });
    const data = await documentLines(this.db, doc.id);
    const quantity = data.reduce((n, l) => n + l.quantity, 0);
    const scanned = data.reduce((n, l) => n + l.scannedQuantity, 0);
    return { document: { ...documentSummary(doc, quantity, scanned), completedAt: doc.completed_at }, data };
  }
}

/** Date-range filters must span less than 1 year (spec point 5). */
function withinAYear(from: string, to: string): boolean {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return false;
  const limit = new Date(a);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return b < limit.getTime();
}

