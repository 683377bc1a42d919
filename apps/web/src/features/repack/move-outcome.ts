import { UNIT_LABELS } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import type { RepackScanOperationResponse, RepackUnit, RepackView } from '@pharma/domain/contract/repack';
import { fillLabel, REPACK_UI } from '../../config/labels.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The answer to the last scan of a repack's loop, as its banner shows it. */
export interface MoveOutcome {
  kind: 'added' | 'removed' | 'refused';
  text: string;
  /** A second sentence: the pallet or carton the unit was taken out of (issue 27). */
  notice?: string;
}

/** The banner's text for a unit moved onto or off the destination: which unit, and the packs it carried. */
export function movedText(unit: Pick<RepackUnit, 'type' | 'id' | 'packs'>, removed: boolean): string {
  return fillLabel(removed ? REPACK_UI.removed : REPACK_UI.added, {
    unit: UNIT_LABELS[unit.type],
    id: unit.id,
    packs: String(unit.packs),
  });
}

/** A move's banner: the unit moved and, when it came out of another pallet or carton, the server's sentence naming it. */
export function movedOutcome(answer: Pick<RepackScanOperationResponse, 'moved' | 'takenFrom'>, removed: boolean): MoveOutcome {
  const text = movedText(answer.moved, removed);
  const kind = removed ? 'removed' : 'added';
  return answer.takenFrom ? { kind, text, notice: answer.takenFrom.message } : { kind, text };
}

/**
 * A refusal's banner: the catalogue's sentence the server sent (its specifics filled in); anything else
 * (an answer the page could not read) is 'Something went wrong...', never a code or a parser's dump.
 */
export function refusedOutcome(error: unknown): MoveOutcome {
  const text = error instanceof ApiError && error.message ? error.message : message('SOMETHING_WENT_WRONG');
  return { kind: 'refused', text };
}

/** A repack's state in words ('In Progress', 'Completed'), never its code (REPACK_PENDING). */
export function repackStateText(state: RepackView['state']): string {
  return REPACK_UI.states[state];
}
