import { Alert, Divider, Stack, Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TOOL_NEEDS } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import type { RepackView } from '@pharma/domain/contract/repack';
import { REPACK_UI } from '../../../config/labels.ts';
import { REPACK_PAGES, REPACK_TARGETS } from '../../../config/navigation.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { NewUnitForm } from '../../../components/ui/new-unit-form.tsx';
import { useCan } from '../../../lib/can.ts';
import { useOpenByScan } from '../hooks/use-open-repack.ts';
import { codeOfUnit } from '../scan-code.ts';
import { RepackCompletedNote } from './repack-completed-note.tsx';
import { RepackLoader } from './repack-loader.tsx';
import { RepackWorkbench } from './repack-workbench.tsx';

/**
 * The local repack (/ldc/repackScanOperation/{Document No.}, 'Scan Material No.', and
 * /ldc/repackOutsideDocsScanOperation; decisions 0004 and 0049): first the destination, scanned or
 * made new in a warehouse of the area; then the scan loop, the repack named in ?repackNo= (a reload
 * goes on where it was); Complete leads to the completion titled by the destination's type.
 */
export function LocalRepackPage({ area }: { area: Area }) {
  const referenceNo = useParams().queryValue;
  const [search, setSearch] = useSearchParams();
  const repackNo = search.get('repackNo') ?? '';
  const navigate = useNavigate();

  if (!repackNo) {
    return (
      <DestinationStep
        area={area}
        referenceNo={referenceNo}
        onOpened={(repack) => setSearch({ repackNo: repack.repackNo }, { replace: true })}
      />
    );
  }
  return (
    <RepackLoader repackNo={repackNo} area={area} missing={REPACK_TARGETS.outsideDocuments}>
      {(repack) => {
        const completion = REPACK_PAGES.completion(repack.repackNo, repack.destination.type);
        return repack.state === 'REPACK_COMPLETE' ? (
          <RepackCompletedNote to={completion} />
        ) : (
          <RepackWorkbench repack={repack} area={area} onCompleted={(message) => void navigate(completion, { state: { message } })} />
        );
      }}
    </RepackLoader>
  );
}

interface DestinationStepProps {
  area: Area;
  referenceNo: string | undefined;
  onOpened: (repack: RepackView) => void;
}

/** The destination of a local repack: a pallet or carton scanned, or (to holders of CreateItem) a new one made with createPallet. */
function DestinationStep({ area, referenceNo, onOpened }: DestinationStepProps) {
  const open = useOpenByScan(area, onOpened, referenceNo);
  const mayCreate = useCan({ application: area, ...TOOL_NEEDS.newSscc });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {REPACK_UI.destinationIntro}
      </Text>
      <ScanField
        camera
        label={REPACK_UI.destinationLabel}
        placeholder={REPACK_UI.scanPlaceholder}
        submitLabel={REPACK_UI.open}
        busy={open.busy}
        onScan={open.submit}
      />
      {open.error && (
        <Alert color="red" variant="filled" title={REPACK_UI.refused} role="alert">
          {open.error}
        </Alert>
      )}
      {mayCreate && (
        <>
          <Divider label={REPACK_UI.newDestination} labelPosition="center" />
          <NewUnitForm
            area={area}
            initialType="CTN"
            labels={REPACK_UI}
            busy={open.busy}
            onCreated={({ sscc, type }) => open.submit(codeOfUnit({ id: sscc, type }))}
          />
        </>
      )}
    </Stack>
  );
}
