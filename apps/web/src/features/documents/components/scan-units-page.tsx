import { Suspense, useCallback, useDeferredValue, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Stack, Text } from '../../../components/ui/plain.tsx';
import { type UnitType } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import { DOCUMENT_UI, SCANNER_UI } from '../../../config/labels.ts';
import { pickedUnit } from '../../../lib/unit-codes.ts';
import { ScanField, type ScanFieldHandle } from '../../../components/ui/scan-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocument } from '../api/get-document.ts';
import { useReverseOperation } from '../api/reverse-operation.ts';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { useSubmitScan } from '../hooks/use-submit-scan.ts';
import type { ScannedUnit } from '../lines.ts';
import { acceptedOutcome, outcomeOfError } from '../scan-outcome.ts';
import type { DocumentPageProps } from '../types.ts';
import { DocumentStrip } from './document-strip.tsx';
import { LinesProgress } from './lines-progress.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { ScanAdviceNotes } from './scan-advice.tsx';
import { ScanQueueStatus } from './scan-queue-status.tsx';
import { ScanResult } from './scan-result.tsx';
import { ScannedUnits } from './scanned-units.tsx';
import { UnitScanControls } from './unit-scan-controls.tsx';
import { lazyNamed } from '../../../lib/lazy-named.ts';

// A counted family's scans by line (ScanLite) are a chunk of their own: the other families' scan pages do without it.
const LineCounts = lazyNamed(() => import('../lite/line-counts.tsx'), 'LineCounts');

export interface ScanUnitsPageProps extends DocumentPageProps {
  /** The unit types offered, in the spec's order (PLT, CTN, EA). */
  units: readonly UnitType[];
}

/**
 * The unit scan of a document of any family (/rdc/scanPallet/{number}?p=, /rdc/scanHandlingUnit/{number}?p=,
 * /ldc/ScanOperation/{number}): scan (the unit type read from the code, or picked), see the answer and the counts move; delete
 * a scanned unit when permitted (decisions 0007, 0012). A scan re-renders the feedback banner and the
 * count only; the lines and the scanned units follow the answer at a lower priority.
 */
export function ScanUnitsPage({ units, area, family, paths, number }: ScanUnitsPageProps) {
  const can = useDocumentPermissions(family, area);
  const signedIn = useSession().status === 'authenticated';
  const details = useDocument(family, number, area);
  const [search] = useSearchParams();
  // The picked unit type is in the URL (?unit=), so the header's title follows it; none picked, each
  // code's level is read from it and the unit on record (issue 27, decision 0065). One offered is picked.
  const unit = units.length === 1 ? units[0] : pickedUnit(search, units);
  const field = useRef<ScanFieldHandle>(null);
  const scan = useSubmitScan(family.type, number, area);
  const reverse = useReverseOperation(family.type, number, area);
  // ?camera=1 shows the camera view whatever the Barcode Scanner setting says (the camera journey's shortcut).
  const forceCamera = search.get('camera') === '1';
  // The lists redraw after the feedback: an answer's new lines render as a transition.
  const lines = useDeferredValue(details.data?.data);
  const { setOutcome } = scan;
  const { mutate: reverseMutate } = reverse;
  const onDelete = useCallback(
    (scanned: ScannedUnit) =>
      reverseMutate(scanned.id, {
        onSuccess: (answer) => setOutcome(acceptedOutcome(answer, 'removed')),
        onError: (error) => setOutcome(outcomeOfError(error)),
        onSettled: () => field.current?.focus(),
      }),
    [reverseMutate, setOutcome],
  );

  // Signed out (a sign-out from this page): the page guard sends the user to the login page, not to 403.
  if (!can.scan) return signedIn ? <Navigate to="/403" replace /> : null;

  const offline = details.isError && details.error instanceof ApiError && details.error.status === 0;
  const completed = details.data?.document.status === 'Completed';
  const controls = completed ? (
    <Text role="status">{message('DOCUMENT_COMPLETED', { type: family.type, number })}</Text>
  ) : family.counted ? (
    // A counted family (ScanLite, decision 0027): a pack's GS1 code counts one pack; no unit or ID type to pick.
    <>
      <Text size="sm" dimmed>
        {DOCUMENT_UI.countNote}
      </Text>
      <ScanField
        ref={field}
        camera={forceCamera ? 'force' : true}
        label={DOCUMENT_UI.countLabel}
        placeholder={DOCUMENT_UI.scanPlaceholder}
        submitLabel={DOCUMENT_UI.scan}
        onScan={(raw) => scan.submit({ raw, unit: 'EA', idType: 'GS1' })}
      />
    </>
  ) : (
    <UnitScanControls field={field} units={units} unit={unit} onScan={(picked) => scan.submit({ ...picked, offered: units })} />
  );
  const feedback = (
    <>
      <ScanResult store={scan.store} />
      <ScanAdviceNotes store={scan.store} />
      <ScanQueueStatus family={family} number={number} area={area} />
    </>
  );

  // Offline (a reload with no network) the details cannot load, but scanning goes on into the queue.
  if (offline) {
    return (
      <Stack gap="sm">
        {controls}
        {feedback}
        <Alert color="gray">{SCANNER_UI.detailsOffline}</Alert>
      </Stack>
    );
  }

  return (
    <QueryState query={details}>
      {(data) => (
        <Stack gap="sm">
          <DocumentStrip details={data} labels={family.labels} />
          {controls}
          {feedback}
          <LinesProgress lines={lines ?? data.data} />
          {family.counted && (
            // A counted family's packs, scan by scan, each removable until completion (issue 27, decision 0066).
            <Suspense fallback={null}>
              <LineCounts
                family={family}
                number={number}
                area={area}
                lines={lines ?? data.data}
                completed={completed}
                mayRemove={can.deleteScanned}
                onRemoved={(c) => setOutcome(acceptedOutcome({ unit: { type: 'EA', id: c.code }, packs: c.packs }, 'removed'))}
              />
            </Suspense>
          )}
          {!family.counted && (
            <ScannedUnits
              lines={lines ?? data.data}
              area={area}
              types={scan.types}
              deleting={reverse.isPending ? reverse.variables : undefined}
              onDelete={can.deleteScanned && !completed ? onDelete : undefined}
            />
          )}
          <Anchor to={paths.details(number)}>{paths.detailsTitle}</Anchor>
        </Stack>
      )}
    </QueryState>
  );
}
