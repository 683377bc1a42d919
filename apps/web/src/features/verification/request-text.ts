import { gs1YymmddToIso } from '@pharma/domain';
import type { VerificationOutcome, VerificationRequestItem, VerifyPackResponse } from '@pharma/domain/contract/verification';
import { fillLabel, VERIFICATION_UI } from '../../config/labels.ts';
import { unitText } from '../../lib/unit-codes.ts';

/** Each outcome's badge colour: verified green, an alert red, a refusal orange, pending amber, failed grey. */
export const OUTCOME_COLORS: Record<VerificationOutcome, string> = {
  verified: 'green',
  alert: 'red',
  refused: 'orange',
  pending: 'yellow',
  failed: 'gray',
};

/** What a request asked: 'Verify', 'Destroy', or the undo of one ('Undo Export'). */
export function operationText(request: Pick<VerificationRequestItem, 'operation' | 'kind'>): string {
  const operation = VERIFICATION_UI.operations[request.operation];
  return request.kind === 'undo' || request.kind === 'bulkUndo' ? fillLabel(VERIFICATION_UI.undo, { operation }) : operation;
}

/** The pack a request named, as every screen writes one ('GTIN/serial'), or the count of a bulk request's packs. */
export function packText(request: Pick<VerificationRequestItem, 'gtin' | 'serial' | 'packs'>): string {
  if (request.serial !== null) return unitText({ kind: 'pack', gtin: request.gtin, serial: request.serial });
  return fillLabel(VERIFICATION_UI.packs, { count: String(request.packs), gtin: request.gtin });
}

/**
 * The expiry as sent (GS1's YYMMDD, day 00 the month's last day) as a day, 'YYYY-MM-DD', its century by
 * GS1's sliding window from the year of the request; as sent when it is no real day.
 */
export function expiryText(expiry: string, requestedAt: string): string {
  return gs1YymmddToIso(expiry, 0, Number(requestedAt.slice(0, 4)), true) ?? expiry;
}

/** How an answer to 'Verify pack' reads: verified (green), waiting for the system (amber), or not verified (red). */
export type AnswerTone = 'verified' | 'pending' | 'refused';
export const TONE_COLORS: Record<AnswerTone, string> = { verified: 'green', pending: 'yellow', refused: 'red' };

export function answerTone(answer: Pick<VerifyPackResponse, 'outcome'>): AnswerTone {
  if (answer.outcome === 'verified') return 'verified';
  if (answer.outcome === 'pending') return 'pending';
  // An alert, a refusal, or a request the system cannot take as sent: the pack is not verified.
  return 'refused';
}
