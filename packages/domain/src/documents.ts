import { sentByErp } from './families/family.ts';
import { FAMILIES, LITE_FAMILIES, type FamilyType } from './families/registry.ts';

/**
 * Document types and statuses (spec points 1 and 4). A document type is a family's of the registry
 * (decision 0085): these lists are read off the default registry, never written a second time.
 */
export type DocumentType = FamilyType;
/** The documents the ERP sends: every full family's but the stock take's, which the product issues with its snapshot. */
export const ERP_DOCUMENT_TYPES: readonly DocumentType[] = FAMILIES.filter(sentByErp).map((f) => f.type);
/** The lite families' documents, created by users in the product, never by the ERP (decision 0039). */
export const LITE_DOCUMENT_TYPES: readonly DocumentType[] = LITE_FAMILIES.map((l) => l.family.type);
/** Documents the product issues itself, never the ERP: the stock take (COUNT, issue 31, decision 0079). */
export const OWN_DOCUMENT_TYPES: readonly DocumentType[] = FAMILIES.filter((f) => !sentByErp(f)).map((f) => f.type);
export const DOCUMENT_TYPES: readonly DocumentType[] = [...ERP_DOCUMENT_TYPES, ...LITE_DOCUMENT_TYPES, ...OWN_DOCUMENT_TYPES];

export const DOCUMENT_STATUSES = ['Open', 'In Progress', 'Completed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The spec writes statuses in several ways (inProgress, completed, COMPLETED): read any of them. */
export function parseDocumentStatus(raw: string): DocumentStatus | undefined {
  const key = raw.replace(/[\s_-]/g, '').toLowerCase();
  if (key === 'open') return 'Open';
  if (key === 'inprogress') return 'In Progress';
  if (key === 'completed') return 'Completed';
  return undefined;
}

/** Page size of every list (spec point 9). */
export const PAGE_SIZE = 20 as const;

/** The application version (spec point 9), shown in the menu as `v3.0.0`. */
export const APP_VERSION = '3.0.0';
export const VERSION_LABEL = `v${APP_VERSION}`;
