import type { Area } from '@pharma/domain/contract/inventory';
import type { RepackView } from '@pharma/domain/contract/repack';
import { afterPaint } from '../../../lib/after-paint.ts';
import { scanFeedback } from '../../../lib/scan-feedback.ts';
import { useOpenRepack } from '../api/repack-api.ts';
import { refusedOutcome } from '../move-outcome.ts';
import { repackCode } from '../scan-code.ts';

/** Opens (or resumes) the repack of a scanned destination, then `onOpened`; a refusal sounds and stays in `error`. */
export function useOpenByScan(area: Area, onOpened: (repack: RepackView) => void, referenceNo?: string) {
  const open = useOpenRepack(area);
  const submit = (raw: string) =>
    open.mutate(
      { code: repackCode(raw), ...(referenceNo ? { referenceNo } : {}) },
      {
        onSuccess: (repack) => {
          afterPaint(() => scanFeedback('accepted'));
          onOpened(repack);
        },
        onError: () => afterPaint(() => scanFeedback('refused')),
      },
    );
  return { submit, busy: open.isPending, error: open.isError ? refusedOutcome(open.error).text : undefined };
}
