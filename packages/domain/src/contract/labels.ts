import { z } from 'zod';
import { ScanCode } from './common.ts';
import { TakenFrom } from './repack.ts';
import { ClientCertificateSummary, VerificationSetting } from './verification.ts';

/** SSCC allocation, pallets made by repacking, and label printing (issue 18). */

const WarehouseNo = z.string().min(1).max(20);
const Sscc = z.string().regex(/^\d{18}$/, '18 digits');

export const Printer = z.object({
  name: z.string().min(1).max(40),
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65535),
});
export type Printer = z.infer<typeof Printer>;

/**
 * PUT /api/integration/warehouses/{warehouseNo}: the warehouse's SSCC issuer and label printers, and its
 * national verification system (issue 28): left out, the one set stays; null removes it.
 */
export const WarehouseSetupBody = z.object({
  gs1CompanyPrefix: z.string().regex(/^\d{7,10}$/, 'a GS1 Company Prefix of 7 to 10 digits'),
  extensionDigit: z.string().regex(/^\d$/, 'one digit'),
  printers: z.array(Printer).max(50),
  verification: VerificationSetting.nullable().optional(),
});
export type WarehouseSetupBody = z.infer<typeof WarehouseSetupBody>;

/** Its answer: with `verification` given, what the NMVS client certificate now set is (never its key). */
export const WarehouseSetupResponse = z.object({
  updated: z.literal(true),
  verification: z.object({ certificate: ClientCertificateSummary }).optional(),
});
export type WarehouseSetupResponse = z.infer<typeof WarehouseSetupResponse>;

export const GenerateSsccRequest = z.object({ warehouseNo: WarehouseNo });
export const SsccResponse = z.object({ sscc: Sscc });
export type SsccResponse = z.infer<typeof SsccResponse>;

export const CreatePalletRequest = z.object({ warehouseNo: WarehouseNo, type: z.enum(['PLT', 'CTN']) });
export type CreatePalletRequest = z.infer<typeof CreatePalletRequest>;

export const LABEL_FORMATS = ['ZPL', 'PDF'] as const;
export const LabelFormat = z.enum(LABEL_FORMATS);
export type LabelFormat = z.infer<typeof LabelFormat>;

/** POST /api/printLabel: the ZPL (text/plain), the PDF (application/pdf), or 202 when sent to `printer`. */
export const PrintLabelRequest = z.object({
  sscc: Sscc,
  format: LabelFormat,
  dpi: z.union([z.literal(203), z.literal(300)]).optional(),
  printer: z.string().min(1).max(40).optional(),
});
export type PrintLabelRequest = z.infer<typeof PrintLabelRequest>;

export const PrintedResponse = z.object({ sscc: Sscc, printer: z.string(), copy: z.boolean() });

/** POST /api/auditPrint: a print the client made itself (a downloaded PDF printed from the browser). */
export const AuditPrintRequest = z.object({ sscc: Sscc, format: LabelFormat, printer: z.string().min(1).max(80).optional() });
export const AuditPrintResponse = z.object({ copy: z.boolean() });

/** The printers of the caller's warehouses, for the print page's picker. */
export const PrintersResponse = z.object({ data: z.array(z.object({ warehouseNo: z.string(), name: z.string() })) });

/** POST /api/remapHU: the scanned unit (raw scan) onto the unit whose SSCC is `to`, or off its parent (`to: null`). */
export const RemapRequest = z.object({ code: ScanCode, to: Sscc.nullable(), scanId: z.string().min(1).max(64) });
export const RemapResponse = z.object({
  scanId: z.string(),
  id: z.string(),
  type: z.enum(['PLT', 'CTN', 'EA', 'BUN']),
  parent: z.string().nullable(),
  units: z.number(),
  /** The pallet, carton or bundle the unit was taken out of, or null (issue 27). */
  takenFrom: TakenFrom.nullable(),
});

/** POST /api/completeRepack: ends the repack of a pallet or carton made by createPallet. */
export const CompleteRepackRequest = z.object({ sscc: Sscc });
export const CompleteRepackResponse = z.object({ sscc: z.string(), state: z.literal('REPACK_COMPLETE'), message: z.string() });

/** POST /api/printPackLabel: the label of a serialised pack (its raw scan), GS1 DataMatrix (01)(17)(10)(21). */
export const PrintPackLabelRequest = z.object({
  code: ScanCode,
  format: LabelFormat,
  dpi: z.union([z.literal(203), z.literal(300)]).optional(),
  /** A printer of the pack's warehouse: the ZPL is sent there (202) instead of answered. */
  printer: z.string().min(1).max(40).optional(),
});
export type PrintPackLabelRequest = z.infer<typeof PrintPackLabelRequest>;
/** 202 of POST /api/printPackLabel with `printer`: the pack (GTIN/serial), the printer, whether it was a copy. */
export const PrintedPackResponse = z.object({ id: z.string(), printer: z.string(), copy: z.boolean() });
