import type { Action } from './access.ts';

/**
 * A batch's status (issue 30, decision 0070): a batch (material + batch number) is RELEASED unless
 * quality put it ON_HOLD (released again later) or the manufacturer RECALLED it (final, as an EU
 * batch recall in the medicines verification system is). The status covers every unit of the batch,
 * in every warehouse and at every level of the hierarchy; a pallet or carton holding a pack of a held
 * or recalled batch is held with it.
 */
export const BATCH_STATUSES = ['RELEASED', 'ON_HOLD', 'RECALLED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** A batch whose stock may not move on (dispatch, transfer, redress, repack): on hold or recalled. */
export type HeldBatchStatus = Exclude<BatchStatus, 'RELEASED'>;

export function isBatchStatus(value: string): value is BatchStatus {
  return (BATCH_STATUSES as readonly string[]).includes(value);
}

export function isHeld(status: BatchStatus | null | undefined): status is HeldBatchStatus {
  return status === 'ON_HOLD' || status === 'RECALLED';
}

/** How messages and pages name a status: 'on hold', 'recalled', 'released'. */
export const BATCH_STATUS_WORDS: Record<BatchStatus, string> = {
  RELEASED: 'released',
  ON_HOLD: 'on hold',
  RECALLED: 'recalled',
};

/** The permission action that sets each status (module RECALL): hold, release, recall. */
export const BATCH_STATUS_ACTIONS: Record<BatchStatus, Action> = {
  ON_HOLD: 'SetHold',
  RELEASED: 'ReleaseHold',
  RECALLED: 'Recall',
};

/** The reason a received pack of a held batch is quarantined with (the unit's `reason`). */
export const HELD_BATCH_REASONS = { ON_HOLD: 'ON HOLD', RECALLED: 'RECALLED' } as const satisfies Record<HeldBatchStatus, string>;

/**
 * Whether a batch may go from one status to another: a recall is final; a change to the status it
 * already has is refused (nothing would change). Answers the refusal's message code, or undefined.
 */
export function batchChangeRefusal(from: BatchStatus, to: BatchStatus): 'BATCH_RECALL_FINAL' | 'BATCH_STATUS_UNCHANGED' | undefined {
  if (from === 'RECALLED') return 'BATCH_RECALL_FINAL';
  if (from === to) return 'BATCH_STATUS_UNCHANGED';
  return undefined;
}
