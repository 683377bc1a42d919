/**
 * The NMVS return codes this product sends (simulator) or acts on (adapter): code → the English
 * description that travels in ReturnCode@desc, and whether the code raises a level-5 alert.
 * Source keys are those of docs/decisions/0081 (S2 the Arvato schema catalogue, S3 a French client,
 * S4 SecurMed's alert list, S7 Phoenix, S9 reks.ee). The real systems word some texts differently
 * per NMVO; the code, not the text, is what a client must act on.
 */

export interface NmvsReturnCodeEntry {
  /** The English text sent as ReturnCode@desc. */
  readonly desc: string;
  /** A level-5 exception: the system opens an alert and answers its id. */
  readonly alert: boolean;
}

const CATALOGUE = {
  NMVS_SUCCESS: { desc: 'Successfully processed.', alert: false }, // S2
  NMVS_NC_PC_01: { desc: 'Product Code not recognised.', alert: false }, // S7; not in S4's alert list
  NMVS_NC_PC_02: { desc: 'Pack Serial Number not recognised.', alert: true }, // S4
  NMVS_FE_LOT_03: { desc: 'Failed to find Batch Number.', alert: true }, // S4
  NMVS_FE_LOT_12: { desc: 'Expiry Date does not match Batch Number.', alert: true }, // S4
  NMVS_FE_LOT_13: { desc: 'The Batch Number does not match Pack Serial Number.', alert: true }, // S4
  NMVS_NC_PCK_06: { desc: "Undo attempt doesn't match the Pack status.", alert: true }, // S4
  // S4 lists it as an alert for intermarket transactions only, which this product does not make.
  NMVS_NC_PCK_19: { desc: 'Status is already set on pack.', alert: false },
  NMVS_NC_PCK_20: { desc: 'Undo timeframe was exceeded.', alert: true }, // S4
  NMVS_NC_PCK_21: { desc: 'Undo attempted by different user.', alert: true }, // S4
  NMVS_NC_PCK_22: { desc: 'Pack is already inactive.', alert: true }, // S4; see raisesNmvsAlert for the exceptions (S9)
  NMVS_TE_TX_01: { desc: 'External transaction id already used.', alert: false }, // S3 (French only; English wording ours)
  NMVS_FE_TX_02: { desc: 'The entered bulk transaction id is not available.', alert: false }, // S2
  NMVS_TE_XM_01: { desc: 'The XML structure of input data is not valid.', alert: false }, // S2
  NMVS_TE_XM_02: { desc: 'Input data do not match the XML scheme definition.', alert: false }, // S2
  NMVS_FE_AU_01: { desc: 'The entered user or password does not match.', alert: false }, // S2, S3: the credential error
  NMVS_ERROR: { desc: 'A general technical exception occurred.', alert: false }, // S2
} as const satisfies Record<string, NmvsReturnCodeEntry>;

export type NmvsReturnCode = keyof typeof CATALOGUE;

/**
 * The catalogue, readable by any string: a code it does not hold reads as undefined (the object has
 * no prototype, so not even 'constructor' is found).
 */
export const NMVS_RETURN_CODES: Readonly<Record<string, NmvsReturnCodeEntry>> = Object.freeze(
  Object.assign(Object.create(null), CATALOGUE),
);

/** The code an answer carries when the message was processed. */
export const NMVS_SUCCESS = 'NMVS_SUCCESS' satisfies NmvsReturnCode;

/**
 * Pack reasons under which an already inactive pack is answered NMVS_NC_PCK_22 without an alert
 * (S9 reks.ee: the batch is expired or recalled, or the product withdrawn).
 */
export const NMVS_REASONS_WITHOUT_ALERT: readonly string[] = ['EXPIRED', 'RECALLED', 'WITHDRAWN'];

/** True when the message or pack was processed (any other code is a refusal or an error). */
export function isNmvsSuccess(code: string): boolean {
  return code === NMVS_SUCCESS;
}

/** The catalogue entry of a code, or undefined for a code this product does not know. */
export function nmvsReturnCode(code: string): NmvsReturnCodeEntry | undefined {
  return NMVS_RETURN_CODES[code];
}

/**
 * Whether answering `code` for a pack with these reasons raises a level-5 alert: the catalogue's
 * flag, except NMVS_NC_PCK_22 for a pack inactive as EXPIRED, RECALLED or WITHDRAWN (S9).
 */
export function raisesNmvsAlert(code: string, packReasons: readonly string[] = []): boolean {
  if (code === 'NMVS_NC_PCK_22' && packReasons.some((reason) => NMVS_REASONS_WITHOUT_ALERT.includes(reason))) return false;
  return nmvsReturnCode(code)?.alert ?? false;
}
