/** Document types and statuses (spec points 1 and 4). */
export const ERP_DOCUMENT_TYPES = ['IBD', 'OBD', 'RMA', 'DECOMM', 'RRD', 'RTP', 'STO', 'REPACK', 'SCANLITE'] as const;
/** The lite families' documents, created by users in the product, never by the ERP (decision 0039). */
export const LITE_DOCUMENT_TYPES = ['OBD+', 'RRD+', 'IBD+', 'RMA+', 'DECOMM+', 'RTP+', 'STO+'] as const;
/** Documents the product issues itself, never the ERP: the stock take (COUNT, issue 31, decision 0079). */
export const OWN_DOCUMENT_TYPES = ['COUNT'] as const;
export const DOCUMENT_TYPES = [...ERP_DOCUMENT_TYPES, ...LITE_DOCUMENT_TYPES, ...OWN_DOCUMENT_TYPES] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

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
