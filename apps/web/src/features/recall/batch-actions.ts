import { batchChangeRefusal, TOOL_NEEDS, type BatchStatus, type Need } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import { RECALL_UI } from '../../config/labels.ts';

/** A change the page offers: the status it sets, the permission it needs, its button and its question. */
export interface BatchChange {
  to: BatchStatus;
  need: Need;
  button: string;
  title: string;
  text: string;
  /** The button's colour: a recall is final, a hold stops stock. */
  color: 'red' | 'orange' | 'green';
}

/** Hold, release, recall, in the order the page shows them. */
export const BATCH_CHANGES: readonly BatchChange[] = [
  {
    to: 'ON_HOLD',
    need: TOOL_NEEDS.batchHold,
    button: RECALL_UI.hold,
    title: RECALL_UI.holdTitle,
    text: RECALL_UI.holdText,
    color: 'orange',
  },
  {
    to: 'RELEASED',
    need: TOOL_NEEDS.batchRelease,
    button: RECALL_UI.release,
    title: RECALL_UI.releaseTitle,
    text: RECALL_UI.releaseText,
    color: 'green',
  },
  {
    to: 'RECALLED',
    need: TOOL_NEEDS.batchRecall,
    button: RECALL_UI.recall,
    title: RECALL_UI.recallTitle,
    text: RECALL_UI.recallText,
    color: 'red',
  },
];

/**
 * The changes a batch may take now, of those the user may make (`allowed` answers for a permission):
 * a released batch may be held or recalled, a held one released or recalled, a recalled one nothing
 * (a recall is final; the domain's batchChangeRefusal decides, as the server does).
 */
export function offeredChanges(status: BatchStatus, allowed: (need: Need) => boolean): BatchChange[] {
  return BATCH_CHANGES.filter((change) => batchChangeRefusal(status, change.to) === undefined && allowed(change.need));
}

/** The fewest characters a reason has (the server refuses fewer with the same sentence). */
export const REASON_MIN_LENGTH = 5;
export const REASON_MAX_LENGTH = 500;

/** Why a reason cannot be sent, in words, or undefined when it can. */
export function reasonProblem(reason: string, batchNo: string): string | undefined {
  return reason.trim().length < REASON_MIN_LENGTH ? message('BATCH_REASON_REQUIRED', { batchNo }) : undefined;
}
