import { z } from 'zod';

/**
 * Reader settings of spec point 5, held by the warehouse (decision 0042): the warehouse's own row
 * (reader '') applies to every reader there; a reader's row adds to it. A scan names its reader in
 * `device`; the server decodes with the settings stored for that warehouse and reader, never with
 * settings the browser sends.
 */
export const ReaderSettingsBody = z.object({
  /** What such readers put before a code; removed in Non-GS1 mode (the longest matching prefix, once). */
  prefix: z.string().min(1).max(20).nullable().default(null),
  /** Non-GS1 mode: a 20-character code starting with '00' loses those two characters. */
  strip00: z.boolean().default(false),
  /** Carton and pallet mode: an 18-digit SSCC typed without its AI (00) is accepted. */
  bareSscc: z.boolean().default(false),
});
export type ReaderSettingsBody = z.infer<typeof ReaderSettingsBody>;

export const ReaderSettings = ReaderSettingsBody.extend({
  warehouseNo: z.string(),
  /** '' for the warehouse's own row. */
  reader: z.string(),
});
export type ReaderSettings = z.infer<typeof ReaderSettings>;
