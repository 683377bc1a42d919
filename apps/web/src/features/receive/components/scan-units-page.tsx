import { useRef, useState } from 'react';
import { Alert, Anchor, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { message, UNIT_LABELS, type IdType, type UnitType } from '@pharma/domain';
import { fillLabel, FIELD_LABELS, RECEIVE_UI, SCANNER_UI } from '../../../config/labels.ts';
import { ScanField, type ScanFieldHandle } from '../../../components/ui/scan-field.tsx';
import { ScanQueuePanel } from '../../../components/ui/scan-queue-panel.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIbd } from '../api/get-ibd.ts';
import { useReverseOperation } from '../api/reverse-operation.ts';
import { useReceivePermissions } from '../hooks/use-receive-permissions.ts';
import { useSubmitScan } from '../hooks/use-submit-scan.ts';
import { qtyLeft } from '../lines.ts';
import { acceptedOutcome, outcomeOfError } from '../scan-outcome.ts';
import { DocumentHeader } from './document-header.tsx';
import { QueryState } from './query-state.tsx';
import { ScanResult } from './scan-result.tsx';
import { ScannedUnits } from './scanned-units.tsx';

export interface ScanUnitsPageProps {
  /** The unit types offered, in the spec's order (PLT, CTN, EA). */
  units: readonly UnitType[];
}

/**
 * /rdc/scanPallet/{ibdNo} and /rdc/scanHandlingUnit/{ibdNo}: pick the unit type, scan, see the
 * answer and the counts move; delete a scanned unit when permitted (decision 0007).
 */
export function ScanUnitsPage({ units }: ScanUnitsPageProps) {
  const ibdNo = useParams().queryValue ?? '';
  const can = useReceivePermissions();
  const details = useIbd(ibdNo);
  const [unit, setUnit] = useState<UnitType>(units[0] ?? 'PLT');
  const [idType, setIdType] = useState<IdType>('GS1');
  const field = useRef<ScanFieldHandle>(null);
  const scan = useSubmitScan('IBD', ibdNo);
  const reverse = useReverseOperation(ibdNo);
  // ?camera=1 shows the camera view whatever the Barcode Scanner setting says (the camera journey's shortcut).
  const forceCamera = useSearchParams()[0].get('camera') === '1';

  if (!can.scan) return <Navigate to="/403" replace />;

  const offline = details.isError && details.error instanceof ApiError && details.error.status === 0;
  const completed = details.data?.document.status === 'Completed';
  const controls = completed ? (
    <Text role="status">{message('DOCUMENT_COMPLETED', { type: 'IBD', number: ibdNo })}</Text>
  ) : (
    <>
      <SegmentedControl
        fullWidth
        aria-label={RECEIVE_UI.unitType}
        value={unit}
        onChange={(value) => {
          setUnit(value as UnitType);
          field.current?.focus();
        }}
        data={units.map((type) => ({ value: type, label: UNIT_LABELS[type] }))}
      />
      <SegmentedControl
        size="xs"
        aria-label={RECEIVE_UI.idType}
        value={idType}
        onChange={(value) => {
          setIdType(value as IdType);
          field.current?.focus();
        }}
        data={[
          { value: 'GS1', label: RECEIVE_UI.gs1 },
          { value: 'NON_GS1', label: RECEIVE_UI.nonGs1 },
        ]}
      />
      <ScanField
        ref={field}
        camera={forceCamera ? 'force' : true}
        label={fillLabel(RECEIVE_UI.scanLabel, { unit: UNIT_LABELS[unit] })}
        placeholder={RECEIVE_UI.scanPlaceholder}
        submitLabel={RECEIVE_UI.scan}
        onScan={(raw) => scan.submit({ raw, unit, idType })}
      />
    </>
  );

  // Offline (a reload with no network) the details cannot load, but scanning goes on into the queue.
  if (offline) {
    return (
      <Stack gap="sm">
        {controls}
        <ScanResult outcome={scan.outcome} />
        <ScanQueuePanel scanned={scan.scanned} />
        <Alert color="gray" variant="light">
          {SCANNER_UI.detailsOffline}
        </Alert>
      </Stack>
    );
  }

  return (
    <QueryState query={details}>
      {(data) => {
        return (
          <Stack gap="sm">
            <DocumentHeader details={data} compact />
            {controls}
            <ScanResult outcome={scan.outcome} />
            <ScanQueuePanel scanned={scan.scanned} />
            <Card withBorder padding="xs" component="section" aria-label={RECEIVE_UI.lines}>
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.data.map((line) => (
                  <Group key={line.lineNo} component="li" justify="space-between" wrap="nowrap" gap="xs" aria-label={`${FIELD_LABELS.materialNo} ${line.materialNo}`}>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {line.materialNo} · {line.batchNo ?? '–'}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {line.materialName}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="line-progress">
                      {fillLabel(RECEIVE_UI.progress, { scanned: String(line.scannedQuantity), expected: String(line.quantity) })}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({FIELD_LABELS.qtyLeft} {qtyLeft(line)})
                      </Text>
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
            <ScannedUnits
              lines={data.data}
              types={scan.types}
              deleting={reverse.isPending ? reverse.variables : undefined}
              onDelete={
                can.deleteScanned && !completed
                  ? (scanned) =>
                      reverse.mutate(scanned.id, {
                        onSuccess: (answer) => scan.setOutcome(acceptedOutcome(answer, 'removed')),
                        onError: (error) => scan.setOutcome(outcomeOfError(error)),
                        onSettled: () => field.current?.focus(),
                      })
                  : undefined
              }
            />
            <Anchor component={Link} to={`/rdc/ibdNo/${encodeURIComponent(ibdNo)}`}>
              {RECEIVE_UI.backToDetails}
            </Anchor>
          </Stack>
        );
      }}
    </QueryState>
  );
}
