import { startTransition, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { familyOf, type DocumentType, type IdType, type UnitType } from '@pharma/domain';
import type { Area, ScanRequest } from '@pharma/domain/contract/inventory';
import { afterPaint } from '../../../lib/after-paint.ts';
import { localDay } from '../../../lib/local-day.ts';
import { scanDevice, type ScanReaderSettings } from '../../../lib/device-settings.ts';
import { useScanReaderSettings } from '../../../lib/reader-settings.ts';
import { scanFeedback, type FeedbackKind } from '../../../lib/scan-feedback.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { getScanQueue, useScanQueueEvents, type QueueEvent } from '../../../lib/scan-queue/index.ts';
import { updateCachedDocument } from '../api/get-document.ts';
import { LastScanStore } from '../last-scan-store.ts';
import { acceptedOutcome, adviceOf, checkScan, outcomeOfRefusal, waitingOutcome, type ScanOutcome } from '../scan-outcome.ts';

export interface ScanInput {
  raw: string;
  /** The picked unit type, enforced by the server; none: the server finds the level (decision 0065). */
  unit?: UnitType | undefined;
  idType: IdType;
  /** The unit types the page offers: with none picked, a pack's code is refused where no pack is offered. */
  offered?: readonly UnitType[];
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
 * the offline-safe queue, which writes it to IndexedDB and sends nothing before that write is
 * done. The last scan's state shows at once (sending; "kept on this device" only once written),
 * then its answer; the tone and vibration follow the paint. Answers to this document's scans
 * sent later (after reconnecting, after a reload) update the counts too; refusals of scans that
 * waited are listed by the queue panel, and the warnings of any answer (first expiry, first out …)
 * stay beside the feedback until dismissed. `area` picks the site's permission and warehouses
 * (`?area=`), stored with each queued scan.
 *
 * Feedback is fast on a slow handheld (issue 7, decision 0013): the outcome lives in a store only
 * the banner subscribes to, so a scan does not re-render the page (the counts are the document's
 * details, which every answer updates, issue 27); the queue's write starts in the task after the
 * feedback is committed.
 */
export function useSubmitScan(docType: DocumentType, docNo: string, area: Area) {
  const client = useQueryClient();
  // A counted family (ScanLite, decision 0027) scans packs by GTIN and batch: checked as a batch scan.
  const counted = familyOf(docType)?.counted !== undefined;
  const [store] = useState(() => new LastScanStore());
  // Pallet or carton, by SSCC, as this visit's scans answered: lets the scanned list link each directly.
  const [types, setTypes] = useState<ReadonlyMap<string, UnitType>>(new Map());
  const latest = useRef<string | undefined>(undefined);
  // The warehouse's reader settings for this reader (decision 0051): codes are checked with them.
  const reader = useScanReaderSettings(docType, docNo, area);

  const show = useCallback(
    (next: ScanOutcome) => {
      store.show(next);
      const kind = FEEDBACK[next.kind];
      if (kind) afterPaint(() => scanFeedback(kind));
    },
    [store],
  );

  const onQueueEvent = useCallback(
    (event: QueueEvent) => {
      const { request, scanId } = event.scan;
      if (request.docType !== docType || request.docNo !== docNo) return;
      const isLatest = scanId === latest.current;
      if (event.type === 'answered') {
        const { answer } = event;
        if (isLatest) show(acceptedOutcome(answer));
        const advice = adviceOf(scanId, answer);
        if (advice) store.advise(advice);
        updateCachedDocument(client, { type: docType, number: docNo, area }, answer);
        if (answer.unit.type === 'PLT' || answer.unit.type === 'CTN') {
          const { id, type } = answer.unit;
          startTransition(() => setTypes((old) => new Map(old).set(id, type)));
        }
      } else if (event.type === 'refused') {
        if (!event.listed && isLatest) show(outcomeOfRefusal(event.refusal.code, event.refusal.message));
        else if (event.listed) afterPaint(() => scanFeedback('refused'));
      } else if (isLatest) {
        show(waitingOutcome('queued', request.unit, outcomeId(request.code, request.unit, request.idType, counted, reader)));
      }
    },
    [area, client, counted, docNo, docType, reader, show, store],
  );
  useScanQueueEvents(onQueueEvent);

  const submit = (input: ScanInput) => {
    const local = checkScan(input.raw, input.unit, input.idType, localDay(), counted, reader, input.offered);
    if (!local.ok) {
      latest.current = undefined;
      show(local.outcome);
      return;
    }
    const scanId = newScanId();
    latest.current = scanId;
    show(waitingOutcome('sending', input.unit, local.id));
    const request: ScanRequest = {
      docType,
      docNo,
      code: input.raw,
      unit: input.unit,
      idType: input.idType,
      scanId,
      device: scanDevice(),
    };
    // The next task, after the feedback above is committed: the write to IndexedDB, then the send.
    // Until written the scan is only "sending" on screen, never "kept on this device".
    setTimeout(() => void getScanQueue().enqueue(scanId, request, area), 0);
  };

  return { submit, store, setOutcome: show, types };
}

/** The unit's id as the decoder reads it, for the "kept offline" line. */
function outcomeId(
  raw: string,
  unit: UnitType | undefined,
  idType: IdType,
  counted: boolean,
  reader: ScanReaderSettings | undefined,
): string {
  const local = checkScan(raw, unit, idType, localDay(), counted, reader);
  return local.ok ? local.id : raw;
}
