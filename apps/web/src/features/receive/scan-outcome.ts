import { decodeScan, message, UNIT_LABELS, type IdType, type UnitType } from '@pharma/domain';
import { fillLabel, RECEIVE_UI } from '../../config/labels.ts';
import { ApiError } from '../../lib/api-client.ts';

/** What the operator sees after a scan: counted, refused (by the browser or the server), or already scanned. */
export type ScanOutcome =
  | { kind: 'accepted'; unit: UnitType; id: string; packs: number; text: string }
  | { kind: 'removed'; unit: UnitType; id: string; packs: number; text: string }
  | { kind: 'refused'; code: string; text: string; local: boolean }
  | { kind: 'duplicate'; code: string; text: string };

export type LocalCheck = { ok: true; id: string } | { ok: false; outcome: ScanOutcome };

/**
 * Decodes a raw scan in the browser first, with the unit's identifier rules (spec point 5), so a
 * malformed code is refused before any network call. The server decodes it again.
 */
export function checkScan(raw: string, unit: UnitType, idType: IdType, today: string): LocalCheck {
  const result = decodeScan(raw, { today, unit, idType });
  if (!result.ok) return { ok: false, outcome: { kind: 'refused', code: result.code, text: result.message, local: true } };
  return { ok: true, id: result.id ?? raw };
}

/** Refusals that mean "this unit is already counted here", shown apart from errors. */
const DUPLICATE_CODES: readonly string[] = ['ALREADY_SCANNED'];

/** The outcome of a failed call: the server's `{ code, message }`, or the generic text. */
export function outcomeOfError(error: unknown): ScanOutcome {
  if (error instanceof ApiError) {
    if (DUPLICATE_CODES.includes(error.code)) return { kind: 'duplicate', code: error.code, text: error.message };
    return { kind: 'refused', code: error.code, text: error.message, local: false };
  }
  return { kind: 'refused', code: 'SOMETHING_WENT_WRONG', text: message('SOMETHING_WENT_WRONG'), local: false };
}

export function acceptedOutcome(answer: { unit: { type: UnitType; id: string }; packs: number }, kind: 'accepted' | 'removed' = 'accepted'): ScanOutcome {
  const text = fillLabel(kind === 'accepted' ? RECEIVE_UI.accepted : RECEIVE_UI.removed, {
    unit: UNIT_LABELS[answer.unit.type],
    id: answer.unit.id,
    packs: String(answer.packs),
  });
  return { kind, unit: answer.unit.type, id: answer.unit.id, packs: answer.packs, text };
}
