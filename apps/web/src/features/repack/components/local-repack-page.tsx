import { useState } from 'react';
import { Alert, Button, Card, Divider, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import type { RepackView } from '@pharma/domain/contract/repack';
import { REPACK_UI } from '../../../config/labels.ts';
import { REPACK_PAGES, REPACK_TARGETS } from '../../../config/navigation.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { useAreaWarehouses, useCreatePallet } from '../../../lib/new-unit-api.ts';
import { useOpenByScan } from '../hooks/use-open-repack.ts';
import { codeOfUnit } from '../scan-code.ts';
import { RepackCompletedNote } from './repack-completed-note.tsx';
import { RepackLoader } from './repack-loader.tsx';
import { RepackWorkbench } from './repack-workbench.tsx';

type DestinationType = RepackView['destination']['type'];

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

/** The destination of a local repack: a pallet or carton scanned, or a new one made with createPallet. */
function DestinationStep({ area, referenceNo, onOpened }: DestinationStepProps) {
  const open = useOpenByScan(area, onOpened, referenceNo);
  const warehouses = useAreaWarehouses(area);
  const create = useCreatePallet(area);
  const [warehouseNo, setWarehouseNo] = useState<string | null>(null);
  const [type, setType] = useState<DestinationType>('CTN');
  const chosen = warehouseNo ?? warehouses.data?.[0]?.warehouseNo ?? null;
  const error = create.isError ? create.error.message : open.error;

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
      {error && (
        <Alert color="red" variant="filled" title={REPACK_UI.refused} role="alert">
          {error}
        </Alert>
      )}
      <Divider label={REPACK_UI.newDestination} labelPosition="center" />
      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen)
              create.mutate({ warehouseNo: chosen, type }, { onSuccess: ({ sscc }) => open.submit(codeOfUnit({ id: sscc, type })) });
          }}
        >
          <Stack gap="sm">
            <Select
              label={REPACK_UI.warehouse}
              data={(warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} ${w.name}` }))}
              value={chosen}
              onChange={setWarehouseNo}
              allowDeselect={false}
              required
            />
            <SegmentedControl
              fullWidth
              aria-label={REPACK_UI.unitType}
              value={type}
              onChange={(value) => setType(value as DestinationType)}
              data={[
                { value: 'CTN', label: REPACK_UI.carton },
                { value: 'PLT', label: REPACK_UI.pallet },
              ]}
            />
            <Button type="submit" loading={create.isPending || open.busy} disabled={!chosen}>
              {REPACK_UI.create}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
