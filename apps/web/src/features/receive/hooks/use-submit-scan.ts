import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentType, IdType, UnitType } from '@pharma/domain';
import { localDay } from '../../../lib/local-day.ts';
import { scanFeedback, type FeedbackKind } from '../../../lib/scan-feedback.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { getScanQueue, useScanQueueEvents, type QueueEvent } from '../../../lib/scan-queue/index.ts';
import { updateCachedIbd } from '../api/get-ibd.ts';
import { acceptedOutcome, checkScan, outcomeOfRefusal, waitingOutcome, type ScanOutcome } from '../scan-outcome.ts';

export interface ScanInput {
  raw: string;
  unit: UnitType;
  idType: IdType;
}

const FEEDBACK: Partial<Record<ScanOutcome['kind'], FeedbackKind>> = {
  accepted: 'accepted',
  refused: 'refused',
  duplicate: 'duplicate',
  queued: 'queued',
};

/**
 * The one submit path of a scan (decisions 0007, 0009): decode in the browser (today from the
 * device clock) and refuse a malformed code at once; else give the scan a scanId and hand it to
 * the offline-safe queue, which keeps it in IndexedDB until the server answers. The last scan's
 * state shows at once (sending, or kept offline), then its answer with a sound and a vibration.
 * Answers to this document's scans sent later (after reconnecting, after a reload) update the
 * counts too; refusals of scans that waited are listed by the queue panel.
 */
export function useSubmitScan(docType: DocumentType, docNo: string) {
  const client = useQueryClient();
  const [outcome, setOutcomeState] = useState<ScanOutcome | undefined>();
  // Pallet or carton, by SSCC, as this visit's scans answered: lets the scanned list link each directly.
  const [types, setTypes] = useState<ReadonlyMap<string, UnitType>>(new Map());
  const [scanned, setScanned] = useState(0);
  const latest = useRef<string | undefined>(undefined);

  const show = useCallback((next: ScanOutcome) => {
    setOutcomeState(next);
    const kind = FEEDBACK[next.kind];
    if (kind) scanFeedback(kind);
  }, []);

  const onQueueEvent = useCallback(
    (event: QueueEvent) => {
      const { request, scanId } = event.scan;
      if (request.docType !== docType || request.docNo !== docNo) return;
      const isLatest = scanId === latest.current;
      if (event.type === 'answered') {
        const { answer } = event;
        updateCachedIbd(client, docNo, answer);
        setScanned((count) => count + 1);
        if (answer.unit.type === 'PLT' || answer.unit.type === 'CTN') setTypes((old) => new Map(old).set(answer.unit.id, answer.unit.type));
        if (isLatest) show(acceptedOutcome(answer));
      } else if (event.type === 'refused') {
        if (!event.listed && isLatest) show(outcomeOfRefusal(event.refusal.code, event.refusal.message));
        else if (event.listed) scanFeedback('refused');
      } else if (isLatest) {
        show(waitingOutcome('queued', request.unit, outcomeId(request.code, request.unit, request.idType)));
      }
    },
    [client, docNo, docType, show],
  );
  useScanQueueEvents(onQueueEvent);

  const submit = (input: ScanInput) => {
    const local = checkScan(input.raw, input.unit, input.idType, localDay());
    if (!local.ok) {
      latest.current = undefined;
      show(local.outcome);
      return;
    }
    const scanId = newScanId();
    latest.current = scanId;
    show(waitingOutcome('sending', input.unit, local.id));
    void getScanQueue().enqueue(scanId, {
      docType,
      docNo,
      code: input.raw,
      unit: input.unit,
      idType: input.idType,
      scanId,
      device: navigator.userAgent.slice(0, 100),
    });
  };

  return { submit, outcome, setOutcome: show, types, scanned };
}

/** The unit's id as the decoder reads it, for the "kept offline" line. */
function outcomeId(raw: string, unit: UnitType, idType: IdType): string {
  const local = checkScan(raw, unit, idType, localDay());
  return local.ok ? local.id : raw;
}
