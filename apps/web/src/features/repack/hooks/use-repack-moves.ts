import { useState } from 'react';
import type { Area } from '@pharma/domain/contract/inventory';
import { afterPaint } from '../../../lib/after-paint.ts';
import { scanFeedback } from '../../../lib/scan-feedback.ts';
import { useMoveUnit } from '../api/repack-api.ts';
import { movedOutcome, refusedOutcome, type MoveOutcome } from '../move-outcome.ts';
import { localDay } from '../../../lib/local-day.ts';
import { repackCode, unitNameOf } from '../scan-code.ts';

/**
 * The scan loop of a repack (decision 0049): Add puts a scanned unit on the destination at once;
 * Remove first asks (`pending`) and takes it off on confirmation. Each move is its own request with
 * a new scanId; the answer, or the refusal's message, shows in the banner, with the scan tone.
 */
export function useRepackMoves(repackNo: string, area: Area) {
  const move = useMoveUnit(repackNo, area);
  const [outcome, setOutcome] = useState<MoveOutcome>();
  const [pending, setPending] = useState<{ code: string; label: string }>();

  const send = (code: string, remove: boolean) =>
    move.mutate(
      { code, remove },
      {
        onSuccess: (answer) => {
          setOutcome(movedOutcome(answer, remove));
          afterPaint(() => scanFeedback('accepted'));
        },
        onError: (error) => {
          setOutcome(refusedOutcome(error));
          afterPaint(() => scanFeedback('refused'));
        },
      },
    );

  /** A scan in the given mode: added at once, or held for the removal's confirmation. */
  const scan = (raw: string, remove: boolean) => {
    const code = repackCode(raw);
    if (remove) setPending({ code, label: unitNameOf(code, localDay()) });
    else send(code, false);
  };

  return {
    scan,
    /** Asks to take a listed unit off (its row's button). */
    askRemove: (code: string, label: string) => setPending({ code, label }),
    pending,
    confirmRemove: () => {
      if (pending) send(pending.code, true);
      setPending(undefined);
    },
    cancelRemove: () => setPending(undefined),
    outcome,
    busy: move.isPending,
  };
}
