import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, IdType, UnitType } from '@pharma/domain';
import { localDay } from '../../../lib/local-day.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { updateCachedIbd } from '../api/get-ibd.ts';
import { scanForOperation } from '../api/scan-for-operation.ts';
import { acceptedOutcome, checkScan, outcomeOfError, type ScanOutcome } from '../scan-outcome.ts';

export interface ScanInput {
  raw: string;
  unit: UnitType;
  idType: IdType;
}

/**
 * The one submit path of a scan: decode in the browser (today from the device clock), refuse
 * locally with the decoder's message, else POST with a fresh scanId and show the answer. The
 * offline-safe queue of issue 7 replaces this hook only.
 */
export function useSubmitScan(docType: DocumentType, docNo: string) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<ScanOutcome | undefined>();
  // Pallet or carton, by SSCC, as this visit's scans answered: lets the scanned list link each directly.
  const [types, setTypes] = useState<ReadonlyMap<string, UnitType>>(new Map());
  const mutation = useMutation({
    mutationFn: ({ raw, unit, idType }: ScanInput) =>
      scanForOperation({ docType, docNo, code: raw, unit, idType, scanId: newScanId(), device: navigator.userAgent.slice(0, 100) }),
    onSuccess: (answer) => {
      updateCachedIbd(client, docNo, answer);
      setOutcome(acceptedOutcome(answer));
      if (answer.unit.type === 'PLT' || answer.unit.type === 'CTN') setTypes((old) => new Map(old).set(answer.unit.id, answer.unit.type));
    },
    onError: (error) => setOutcome(outcomeOfError(error)),
  });

  const submit = (input: ScanInput) => {
    const local = checkScan(input.raw, input.unit, input.idType, localDay());
    if (!local.ok) {
      setOutcome(local.outcome);
      return;
    }
    mutation.mutate(input);
  };

  return { submit, outcome, setOutcome, types, pending: mutation.isPending };
}
