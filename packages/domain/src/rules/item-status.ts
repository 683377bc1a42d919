import type { DocumentStatus } from '../documents.ts';
import type { MessageCode } from '../messages.ts';
import { EDITABLE_STATUSES, type EditableStatus, type ItemReason, type UnitStatus } from '../units.ts';

/** A unit's situation: the status and reason of it and of every unit under it. */
export interface Situation {
  statuses: readonly UnitStatus[];
  reasons: readonly (ItemReason | null)[];
}

/** Lock check (spec point 4): DISPATCHED, INACTIVE, ACTIVE with PENDING GR, or DESTROYED with OTHER. */
export function isLocked(status: UnitStatus, reason: ItemReason | null): boolean {
  return (
    reason === 'DISPATCHED' ||
    status === 'INACTIVE' ||
    (status === 'ACTIVE' && reason === 'PENDING GR') ||
    (status === 'DESTROYED' && reason === 'OTHER')
  );
}

const ALL: readonly EditableStatus[] = EDITABLE_STATUSES;
const without = (...out: EditableStatus[]) => ALL.filter((s) => !out.includes(s));

/**
 * The statuses offered when editing an item's status (spec point 4's table), in the picker's
 * order. An empty list means the item is not editable.
 */
export function editableStatuses(situation: Situation): EditableStatus[] {
  const reasons = new Set(situation.reasons);
  const statuses = new Set(situation.statuses);
  if (reasons.has('DISPATCHED') || reasons.has('PENDING GR') || statuses.has('DESTROYED')) return [];
  // A unit a stock take did not find (issue 31, decision 0079): only a count that finds it brings it back.
  if (statuses.has('MISSING')) return [];
  const pending = statuses.has('PENDING');
  if (reasons.size !== 1) return pending || reasons.size === 0 ? [] : [...ALL];
  const [reason] = reasons;
  switch (reason) {
    case 'REDRESSED':
      return without('SHORTAGE', 'EXPIRED');
    case 'WAREHOUSE RECEIVED':
      return pending ? without('EXPIRED') : [...ALL];
    case 'RETURNED':
      return pending ? without('SHORTAGE') : [...ALL];
    case 'OTHER':
      return [...ALL];
    // A pack held for its national verification (issue 28): the system's answer moves it, not an edit;
    // one the system did not verify stays in quarantine (EU FMD: a suspect pack is not released).
    case 'PENDING VERIFICATION':
    case 'VERIFICATION FAILED':
      return [];
    default:
      return [];
  }
}

export type CompleteAction = 'add' | 'complete';

/** The Complete button of a document: enabled, or disabled with the reason shown beside it (a message code). */
export type CompleteButtonState =
  { enabled: true } | { enabled: false; reason: Extract<MessageCode, 'DOCUMENT_COMPLETED' | 'NOTHING_TO_COMPLETE'> };

/**
 * The Complete button rule (spec point 4): "enabled when the status is Completed, or when the action
 * is add with a zero count, or when the action is complete with a nonzero count". The first case keeps
 * the button on a Completed document, which takes no more changes (the server refuses a completion,
 * 409 DOCUMENT_COMPLETED): there it stays on screen, disabled, with that reason beside it, never a
 * confirmation that then fails (issue 27, decision 0064). A document with nothing scanned says so.
 */
export function completeButton(status: string, action: CompleteAction, count: number): CompleteButtonState {
  if (status === 'Completed') return { enabled: false, reason: 'DOCUMENT_COMPLETED' };
  if ((action === 'add' && count === 0) || (action === 'complete' && count !== 0)) return { enabled: true };
  return { enabled: false, reason: 'NOTHING_TO_COMPLETE' };
}

export function completeButtonEnabled(status: string, action: CompleteAction, count: number): boolean {
  return completeButton(status, action, count).enabled;
}

/**
 * A document's status once a scan is taken off it (spec point 4: Open, then In Progress from the
 * first accepted scan, then Completed): Open again when nothing is left on it, as before its first
 * scan; otherwise unchanged. `left` counts what is still on it: packs on its lines, units, labelled cartons.
 */
export function statusAfterRemoval(status: DocumentStatus, left: number): DocumentStatus {
  return status === 'In Progress' && left === 0 ? 'Open' : status;
}
