import { UNIT_LABELS } from '@pharma/domain';
import type { RepackUnit } from '@pharma/domain/contract/repack';
import { fillLabel, REPACK_UI } from '../../config/labels.ts';

/** The answer to the last scan of a repack's loop, as its banner shows it. */
export interface MoveOutcome {
  kind: 'added' | 'removed' | 'refused';
  text: string;
}

/** The banner's text for a unit moved onto or off the destination: which unit, and the packs it carried. */
export function movedText(unit: Pick<RepackUnit, 'type' | 'id' | 'packs'>, removed: boolean): string {
  return fillLabel(removed ? REPACK_UI.removed : REPACK_UI.added, {
    unit: UNIT_LABELS[unit.type],
    id: unit.id,
    packs: String(unit.packs),
  });
}
