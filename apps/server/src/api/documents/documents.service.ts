import {
  parseDocumentStatus,
  PAGE_SIZE,
  validateDateRange,
  validateSearchWord,
  type DocumentStatus,
  type Application,
  type DocumentType,
} from '@pharma/domain';
import type { DocumentDetails, ListQuery } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as docs from '../inventory/documents.repository.ts';
import { documentLines, documentSummary, summaryOfLines } from '../inventory/document-view.ts';

/** Document lists and details, shared by every document family. */
export class DocumentsService {
  constructor(private readonly db: Db) {}

  async list(type: DocumentType, area: Application, query: ListQuery) {
    const search = validateSearchWord(query.search);
    if (!search.ok) throw new AppError(400, search.code);
    if (query.from && query.to) {
      const range = validateDateRange(query.from, query.to);
      if (!range.ok) throw new AppError(400, range.code);
    }
    const statuses = [query.status ?? []]
      .flat()
      .map((s) => parseDocumentStatus(s))
      .filter((s): s is DocumentStatus => !!s);
    const { rows, total } = await docs.listDocuments(this.db, {
      type,
      warehouseArea: area,
      statuses,
      search: search.ok && search.value ? search.value : undefined,
      from: query.from,
      to: query.to,
      sort: query.sort,
      page: query.page,
    });
    return {
      data: rows.map((r) => documentSummary(r, r.quantity, r.scanned)),
      page: query.page,
      pageSize: PAGE_SIZE as typeof PAGE_SIZE,
      total,
    };
  }

  async details(type: DocumentType, number: string, area: Application): Promise<DocumentDetails> {
    const doc = await docs.findDocument(this.db, type, number, area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type, number });
    const data = await documentLines(this.db, doc.id);
    const source = doc.source_document_id ? await docs.documentById(this.db, doc.source_document_id) : undefined;
    const receives = source ? { type: source.type, number: source.number } : null;
    return { document: { ...summaryOfLines(doc, data), completedAt: doc.completed_at, receives, export: doc.export === 1 }, data };
  }
}
