import { z } from 'zod';
import { SCAN_SEPARATORS, ScanCode } from './common.ts';
import { ID_TYPES, UNIT_TYPES } from '../units.ts';
import { DocumentLine, DocumentSummary, ListQuery } from './inventory.ts';

/**
 * The lite families' API under /api/lite/ (spec point 7; decision 0039). Bodies name the family by its
 * module (`moduleType`: 'DISPATCH+', 'REDRESS+', …) except the scan paths and completeScanningForRRD,
 * whose path names it. Field rules (number, material, batch, quantity) are spec point 5's, checked by
 * the server with the domain's validators; the schemas only bound sizes.
 */
const ModuleType = z
  .string()
  .min(1)
  .max(20)
  .meta({ example: 'DISPATCH+' })
  .describe(
    "The lite family's module: DISPATCH+, REDRESS+, RECEIVE+, RETURN+, DECOMM+, RTP+ or TRANSFER+ (getCounts and removeCount also take SCANLITE)",
  );
const DocNo = z.string().max(40).meta({ example: 'LD2026001' });

export const LiteDocumentRef = z.object({ moduleType: ModuleType, docNo: DocNo });
export type LiteDocumentRef = z.infer<typeof LiteDocumentRef>;

/** POST /api/lite/createDocument */
export const LiteCreateRequest = LiteDocumentRef.extend({
  warehouseNo: z.string().min(1).max(20).meta({ example: 'W3010' }),
}).meta({ example: { moduleType: 'DISPATCH+', docNo: 'LD2026001', warehouseNo: 'W3010' } });
export type LiteCreateRequest = z.infer<typeof LiteCreateRequest>;

/** POST /api/lite/updateDocument: adds a material and batch line, or sets the quantity of the one it names. */
export const LiteLineRequest = LiteDocumentRef.extend({
  materialNo: z.string().max(40).meta({ example: 'MAT00001' }),
  batchNo: z.string().max(40).meta({ example: 'B2026A' }),
  quantity: z.union([z.string().max(20), z.number()]).meta({ example: '10' }),
}).meta({ example: { moduleType: 'DISPATCH+', docNo: 'LD2026001', materialNo: 'MAT00001', batchNo: 'B2026A', quantity: '10' } });
export type LiteLineRequest = z.infer<typeof LiteLineRequest>;

/** POST /api/lite/deleteItem: a scanned unit by its code, or a line (material and batch) with nothing scanned on it. */
export const LiteDeleteItemRequest = LiteDocumentRef.extend({
  code: ScanCode.optional(),
  unit: z.enum(UNIT_TYPES).optional(),
  materialNo: z.string().max(40).optional(),
  batchNo: z.string().max(40).optional(),
  scanId: z.string().min(8).max(64),
})
  .refine((r) => !!r.code !== !!r.materialNo, 'a code (a scanned unit) or a materialNo and batchNo (a line), not both')
  .meta({ example: { moduleType: 'DISPATCH+', docNo: 'LD2026001', code: '(00)095060001000000018', unit: 'CTN', scanId: 'b7c1d2e3-0001' } });
export type LiteDeleteItemRequest = z.infer<typeof LiteDeleteItemRequest>;

/** The scan paths: the family is the path's; `code` is the raw scan, decoded again by the server. */
export const LiteScanRequest = z
  .object({
    docNo: DocNo,
    code: ScanCode,
    unit: z.enum(UNIT_TYPES),
    idType: z.enum(ID_TYPES).default('GS1'),
    scanId: z.string().min(8).max(64),
    device: z.string().max(100).optional(),
    userId: z.string().min(1).max(64).optional(),
  })
  .meta({ example: { docNo: 'LD2026001', code: '(00)095060001000000018', unit: 'CTN', idType: 'GS1', scanId: 'b7c1d2e3-0002' } });
export type LiteScanRequest = z.infer<typeof LiteScanRequest>;

/** POST /api/lite/completeScanningForRRD: Redress+ only, by its PO number. */
export const LiteRedressCompleteRequest = z.object({ docNo: DocNo }).meta({ example: { docNo: 'PO2026001' } });

export const LiteListQuery = ListQuery.omit({ area: true }).extend({
  search: ListQuery.shape.search.meta({ example: 'LD2026' }),
});

export const LiteLineQuery = LiteDocumentRef.extend({
  materialNo: z.string().max(40).meta({ example: 'MAT00001' }),
  batchNo: z.string().max(40).meta({ example: 'B2026A' }),
});
/** GET /api/lite/getMaterialDetails: a material by its number, or by a scanned pack code (GTIN and batch). */
export const LiteMaterialQuery = z.object({
  moduleType: ModuleType,
  materialNo: z.string().max(40).optional().meta({ example: 'MAT00001' }),
  code: z.string().max(500).meta(SCAN_SEPARATORS).optional().meta({ example: '(01)09506000134352(10)B2026A' }),
});

export const LiteDocument = DocumentSummary.extend({
  moduleType: z.string().meta({ example: 'DISPATCH+' }),
  completedAt: z.string().nullable(),
});
export type LiteDocument = z.infer<typeof LiteDocument>;

export const LiteDocumentResponse = z.object({ message: z.string().optional(), document: LiteDocument, data: z.array(DocumentLine) }).meta({
  example: {
    message: 'Item added successfully!',
    document: {
      number: 'LD2026001',
      type: 'OBD+',
      moduleType: 'DISPATCH+',
      status: 'Open',
      warehouseNo: 'W3010',
      date: '2026-11-23',
      quantity: 8,
      scannedQuantity: 0,
      updatedAt: '2026-11-23T08:00:00.000Z',
      completedAt: null,
    },
    data: [
      {
        lineNo: 10,
        materialNo: '10000036',
        materialName: 'Salbutamol 100 mcg inhaler, 200 doses',
        batchNo: 'K2807907',
        eanGtinNo: '08881234101853',
        quantity: 8,
        scannedQuantity: 0,
        shortageQuantity: 0,
        scannedDetails: [],
      },
    ],
  },
});
export type LiteDocumentResponse = z.infer<typeof LiteDocumentResponse>;

export const LiteLineResponse = z.object({ document: LiteDocument, line: DocumentLine });
export type LiteLineResponse = z.infer<typeof LiteLineResponse>;

export const LiteMaterialResponse = z.object({
  materialNo: z.string().meta({ example: 'MAT00001' }),
  name: z.string(),
  gtin: z.string().nullable(),
  batchType: z.enum(['GS1', 'NON_GS1']),
  /** The batch read from a scanned code, when one was scanned. */
  batchNo: z.string().nullable(),
});
export type LiteMaterialResponse = z.infer<typeof LiteMaterialResponse>;

export const LiteMessageResponse = z.object({ message: z.string().meta({ example: 'Item removed successfully' }) });
