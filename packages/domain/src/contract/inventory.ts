import { z } from 'zod';
import { ScanCode, TEXT_BREAKS } from './common.ts';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, PAGE_SIZE, type DocumentType as DocumentTypeCode } from '../documents.ts';
import { EDITABLE_STATUSES, ID_TYPES, ITEM_REASONS, UNIT_STATUSES, UNIT_TYPES } from '../units.ts';
import { APPLICATIONS } from '../permissions.ts';
import { BATCH_STATUSES } from '../batches.ts';

/**
 * A document type: a family's of the registry the server runs (decision 0085). The default registry's
 * are `DocumentType`'s (the examples); a server given other families runs their types too, so any such
 * code passes here and the server refuses one its registry does not run.
 */
export function documentTypeCode() {
  return z
    .string()
    .regex(/^[A-Z][A-Z0-9+]{0,19}$/, 'a document type (IBD, OBD, ...)')
    .meta({ examples: [...DOCUMENT_TYPES] }) as unknown as z.ZodType<DocumentTypeCode>;
}

/** Reference data (spec point 7). */
export const Warehouse = z.object({
  warehouseNo: z.string(),
  name: z.string(),
  area: z.enum(APPLICATIONS),
  plant: z.string(),
  salesOrg: z.string(),
});
export const WarehousesResponse = z.object({ data: z.array(Warehouse) });

/** PUT /api/integration/materials/{materialNo} */
export const MaterialBody = z.object({
  name: z.string().trim().min(1).max(200),
  gtin: z
    .string()
    .regex(/^\d{8}$|^\d{12,14}$/, 'a GTIN-8, -12, -13 or -14')
    .nullable()
    .optional(),
  batchType: z.enum(['GS1', 'NON_GS1']),
});
export const Material = z.object({
  materialNo: z.string(),
  name: z.string(),
  gtin: z.string().nullable(),
  batchType: z.enum(['GS1', 'NON_GS1']),
});

/** PUT /api/integration/documents/{type}/{number} */
export const DocumentBody = z.object({
  warehouseNo: z.string().min(1).max(20),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  lines: z
    .array(
      z.object({
        lineNo: z.number().int().min(1).max(999_999),
        materialNo: z.string().min(1).max(20),
        batchNo: z.string().min(1).max(20).nullable().optional(),
        quantity: z.number().int().min(1).max(10_000_000),
      }),
    )
    .min(1)
    .max(10_000),
  /**
   * Where a transfer (STO) sends its stock: the destination warehouse, or its plant
   * (GET /api/getTransferPlants). Required on a transfer, refused on any other type.
   */
  destination: z
    .object({ warehouseNo: z.string().min(1).max(20).optional(), plant: z.string().min(1).max(20).optional() })
    .refine((d) => !d.warehouseNo !== !d.plant, 'a warehouseNo or a plant, not both')
    .optional(),
  /** The document whose stock this one receives: an IBD receiving a transfer names its STO ({ type: 'STO', number }). */
  receives: z.object({ type: documentTypeCode(), number: z.string().min(1).max(40) }).optional(),
  /**
   * A dispatch leaving the market (issue 28): its completion decommissions its packs as exported where its
   * warehouse has an NMVS. `true` is refused on a type that cannot export; left out is false.
   */
  export: z.boolean().optional(),
});
export const DocumentType = documentTypeCode();
export const DocumentStatus = z.enum(DOCUMENT_STATUSES);

/** One line of a document as lists and details show it (lines of the same material and batch merged). */
export const DocumentLine = z.object({
  lineNo: z.number(),
  materialNo: z.string(),
  materialName: z.string(),
  batchNo: z.string().nullable(),
  eanGtinNo: z.string().nullable(),
  quantity: z.number(),
  scannedQuantity: z.number(),
  shortageQuantity: z.number(),
  /** Identifiers of the units scanned against the line: SSCCs, or GTIN + serial of loose packs. */
  scannedDetails: z.array(z.string()),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

export const DocumentSummary = z.object({
  number: z.string(),
  type: DocumentType,
  status: DocumentStatus,
  warehouseNo: z.string(),
  date: z.string(),
  quantity: z.number(),
  scannedQuantity: z.number(),
  updatedAt: z.string(),
  /** A transfer's destination warehouse. */
  destinationWarehouseNo: z.string().nullable().optional(),
  /** A redress PO's BPR No. (null until entered). */
  bprNo: z.string().nullable().optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** Routes that serve both sites take `?area=RDC|LDC` (default RDC): it picks the permission checked and the warehouses seen. */
export const AreaQuery = z.object({ area: z.enum(APPLICATIONS).default('RDC') });
export type Area = z.infer<typeof AreaQuery>['area'];

export const DOCUMENT_SORTS = ['recent', 'number'] as const;
export const ListQuery = z.object({
  /** Default RDC. */
  area: z.enum(APPLICATIONS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.union([DocumentStatus, z.array(DocumentStatus)]).optional(),
  search: z.string().max(50).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('recent'),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;
export const ListResponse = z.object({
  data: z.array(DocumentSummary),
  page: z.number(),
  pageSize: z.literal(PAGE_SIZE),
  total: z.number(),
});

export const DocumentDetails = z.object({
  document: DocumentSummary.extend({
    completedAt: z.string().nullable(),
    /** The document whose stock this one receives (an IBD's STO), when it names one. */
    receives: z.object({ type: DocumentType, number: z.string() }).nullable().optional(),
    /** Marked by the ERP as an export (a dispatch leaving the market, issue 28). */
    export: z.boolean().optional(),
  }),
  data: z.array(DocumentLine),
});
export type DocumentDetails = z.infer<typeof DocumentDetails>;

/** POST /api/scanForOperation: `code` is the raw scan; the server decodes it again. */
export const ScanRequest = z.object({
  docType: DocumentType,
  docNo: z.string().min(1).max(40),
  code: ScanCode,
  /**
   * The unit type the operator picked: the scanned unit must be of it (422 UNIT_TYPE_MISMATCH). Left
   * out, the server finds the level (decision 0065): a pack's GTIN + serial names a pack, an SSCC the
   * pallet or carton on record; a code naming both, where both are on record, is 422 UNIT_LEVEL_AMBIGUOUS.
   */
  unit: z
    .enum(UNIT_TYPES)
    .optional()
    .describe('The unit type picked (enforced); left out, the server finds it from the code and the unit on record.'),
  idType: z.enum(ID_TYPES).default('GS1'),
  scanId: z.string().min(8).max(64),
  device: z.string().max(100).optional(),
  /**
   * The user who made the scan (decision 0026): a scan queued on a shared device names its
   * maker, and the server records it only under that user's session (409 SCAN_OF_ANOTHER_USER).
   */
  userId: z.string().min(1).max(64).optional(),
});
export type ScanRequest = z.infer<typeof ScanRequest>;
export const ScanResponse = z.object({
  scanId: z.string(),
  accepted: z.literal(true),
  packs: z.number(),
  unit: z.object({ type: z.enum(UNIT_TYPES), id: z.string() }),
  document: z.object({ status: DocumentStatus }),
  /** Accepted, but worth a look: an older-expiring batch in stock (first expiry, first out). */
  warnings: z.array(z.string()).describe('Advice on an accepted scan, such as an older-expiring batch in stock (first expiry, first out).'),
  data: z
    .array(DocumentLine)
    .describe(
      "The document's lines with their new counts. As scanned details, a scan's answer lists only the unit it scanned and a delete's answer none: clients keep the details they had (the family's details path, such as GET /api/ibdNo/{ibdNo}, lists them all).",
    ),
});
export type ScanResponse = z.infer<typeof ScanResponse>;

export const ReverseRequest = z.object({
  docType: DocumentType,
  docNo: z.string().min(1).max(40),
  code: ScanCode,
  unit: z.enum(UNIT_TYPES).optional(),
  scanId: z.string().min(8).max(64),
});

const DocNo = z.string().min(1).max(40);
/** POST /api/completeOperation: any family's document. */
export const CompleteOperationRequest = z.object({ docType: DocumentType, docNo: DocNo });
/** A family's own completion path names the number by its field: { ibdNo }, { obdNo }, { decommNo }. */
export const completeRequestOf = (field: string) => z.object({ [field]: DocNo });
export const CompleteResponse = z.object({
  message: z.string(),
  document: z.object({ status: DocumentStatus }),
  data: z.array(DocumentLine),
});

/**
 * A unit an EPCIS event announced and nobody has received yet (issue 34, decision 0083): in no warehouse,
 * on no completed document. Search shows it as UNIT_ANNOUNCED, 'Announced, not yet received'.
 */
export const Announcement = z
  .object({
    /** The event that announced it, or the unit it is in (the nearest that names a warehouse, else its own). */
    event: z.object({
      /** Its eventID; without one, the hash the intake keeps it by ('sha256:…'); null for such an event taken in parts. */
      id: z.string().nullable(),
      type: z.string(),
      /** The CBV business step, compact ('shipping', 'commissioning', 'packing'); null when the event has none. */
      bizStep: z.string().nullable(),
      /** The event's eventTime as the sender wrote it. */
      time: z.string(),
    }),
    /** The warehouse the event addresses it to: its destination or the IBD of its desadv. Null: none of ours yet. */
    warehouseNo: z.string().nullable(),
    /** The open documents that expect it or a unit it is in (an IBD by its desadv), oldest first. */
    expectedOn: z.array(z.object({ type: DocumentType, number: z.string() })),
  })
  .describe('Announced, not yet received: the EPCIS event, the warehouse it is addressed to and the documents that expect it');
export type Announcement = z.infer<typeof Announcement>;

/** A unit as search shows it: identity, state, product, tree and history. */
export const UnitView = z.object({
  type: z.enum(UNIT_TYPES),
  sscc: z.string().nullable(),
  gtin: z.string().nullable(),
  serial: z.string().nullable(),
  status: z.enum(UNIT_STATUSES),
  reason: z.enum(ITEM_REASONS).nullable(),
  warehouseNo: z.string().nullable(),
  materialNo: z.string().nullable(),
  materialName: z.string().nullable(),
  batchNo: z.string().nullable(),
  expiry: z.string().nullable(),
  packs: z.number(),
  parent: z.object({ type: z.enum(UNIT_TYPES), id: z.string() }).nullable(),
  children: z.array(z.object({ type: z.enum(UNIT_TYPES), id: z.string(), status: z.enum(UNIT_STATUSES) })),
  history: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      by: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string().nullable(),
    }),
  ),
  editableStatuses: z.array(z.enum(EDITABLE_STATUSES)),
  /** A pack's (or bundle's) batch status (issue 30, decision 0070); null for a pallet or carton, which is held through its packs. */
  batchStatus: z.enum(BATCH_STATUSES).nullable(),
  /** The batches on hold or recalled among the packs of the unit's tree (a held pack: its own), each once. */
  heldBatches: z.array(z.object({ materialNo: z.string(), batchNo: z.string(), status: z.enum(BATCH_STATUSES).exclude(['RELEASED']) })),
  /** Announced by EPCIS, not yet received (decision 0083); null for any other unit. */
  announced: Announcement.nullable(),
});
export type UnitView = z.infer<typeof UnitView>;
export const SearchResponse = z.object({ data: z.array(UnitView) });

export const ItemStatusRequest = z.object({
  code: ScanCode,
  unit: z.enum(UNIT_TYPES),
  status: z.enum(EDITABLE_STATUSES),
  reason: z.string().max(200).meta(TEXT_BREAKS).optional(),
});
