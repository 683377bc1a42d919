import { useCallback, useRef, useState } from 'react';
import { Alert, Anchor, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { UNIT_TYPE_ORDER } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import { DOCUMENT_UI, SCANNER_UI, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { NEW_DOCUMENT } from '../../../config/routes.ts';
import { ScanField, type ScanFieldHandle } from '../../../components/ui/scan-field.tsx';
import { ScanQueuePanel } from '../../../components/ui/scan-queue-panel.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useScanQueueEvents, type QueueEvent } from '../../../lib/scan-queue/index.ts';
import { useSession } from '../../../lib/session.ts';
import { pickedUnit } from '../../../lib/unit-codes.ts';
import { ScanAdviceNotes } from '../components/scan-advice.tsx';
import { ScanResult } from '../components/scan-result.tsx';
import { UnitScanControls } from '../components/unit-scan-controls.tsx';
import { useSubmitScan } from '../hooks/use-submit-scan.ts';
import type { DocumentPageProps } from '../types.ts';
import { getStockTake, stockTakeKey, useStockTake } from './stock-take-api.ts';
import { useStockTakePermissions } from './use-stock-take-permissions.ts';
import { countedPacks, lineKey } from './variance.ts';
import { StockTakeNo } from '../../../lib/api/contract/stock-takes.ts';

/** The number step ('Scan Count No.'): a count's number, checked against the server, then its scan. */
function CountNumberStep({ area, family, paths }: DocumentPageProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const open = async (raw: string) => {
    const number = raw.trim().toUpperCase();
    if (!StockTakeNo.safeParse(number).success) {
      setError(message('DOCUMENT_NOT_FOUND', { type: family.type, number: raw.trim() }));
      return;
    }
    setBusy(true);
    try {
      await client.fetchQuery({ queryKey: stockTakeKey(area, number), queryFn: () => getStockTake(number, area) });
      setError(undefined);
      void navigate(paths.scanUnits(number));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScanField
      label={family.labels.number}
      placeholder={DOCUMENT_UI.scanPlaceholder}
      submitLabel={DOCUMENT_UI.go}
      error={error}
      busy={busy}
      onScan={(raw) => void open(raw)}
    />
  );
}

/**
 * The scan of a count (/rdc/stockTakeScan/{no}, /ldc/stockTakeScan/{no}; `new` asks the number): the
 * same scan field (hardware scanner, keyboard wedge, camera), unit picker and offline queue as every
 * family's scan page, through the engine's /api/scanForOperation with the family's type. A pallet or
 * carton counts everything under it. The answer lists no lines (a blind count shows no expected
 * figures): the counted figures are the count's details, read again after each answer.
 */
export function StockTakeScanPage(props: DocumentPageProps) {
  const { area, family, paths, number } = props;
  const can = useStockTakePermissions(area);
  const signedIn = useSession().status === 'authenticated';
  if (!can.count) return signedIn ? <Navigate to="/403" replace /> : null;
  if (!number || number === NEW_DOCUMENT) return <CountNumberStep {...props} />;
  return <CountScan area={area} family={family} paths={paths} number={number} />;
}

function CountScan({ area, family, paths, number }: DocumentPageProps) {
  const client = useQueryClient();
  const details = useStockTake(number, area);
  const [search] = useSearchParams();
  const unit = pickedUnit(search, UNIT_TYPE_ORDER);
  const field = useRef<ScanFieldHandle>(null);
  const scan = useSubmitScan(family.type, number, area);

  // Every answer to this count's scans (now, or sent later from the queue) changes what is counted.
  const onQueueEvent = useCallback(
    (event: QueueEvent) => {
      const { request } = event.scan;
      if (event.type === 'answered' && request.docType === family.type && request.docNo === number)
        void client.invalidateQueries({ queryKey: stockTakeKey(area, number) });
    },
    [area, client, family.type, number],
  );
  useScanQueueEvents(onQueueEvent);

  const offline = details.isError && details.error instanceof ApiError && details.error.status === 0;
  const data = details.data;
  const counting = !data || data.stockTake.state === 'COUNTING';

  return (
    <Stack gap="sm">
      <Text fw={700}>
        {family.labels.number} {number}
      </Text>
      {counting ? (
        <>
          <UnitScanControls
            field={field}
            units={UNIT_TYPE_ORDER}
            unit={unit}
            onScan={(picked) => scan.submit({ ...picked, offered: UNIT_TYPE_ORDER })}
          />
        </>
      ) : (
        <Text role="status">{message('STOCK_TAKE_NOT_COUNTING', { number, state: T.states[data.stockTake.state] })}</Text>
      )}
      <ScanResult store={scan.store} />
      <ScanAdviceNotes store={scan.store} />
      <ScanQueuePanel scanned={data ? countedPacks(data.lines) : 0} />
      {offline && (
        <Alert color="gray" variant="light">
          {SCANNER_UI.detailsOffline}
        </Alert>
      )}
      {details.isError && !offline && (
        <Alert color="red" variant="light" role="alert">
          {errorText(details.error)}
        </Alert>
      )}
      {data && data.lines.length > 0 && (
        <Stack gap={4} component="section" aria-label={T.countedSoFar}>
          <Text size="sm" fw={600}>
            {T.countedSoFar}
          </Text>
          <Table verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={lineKey(line)} aria-label={`${line.materialNo} ${line.batchNo ?? T.noBatch}`}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {line.materialNo} · {line.batchNo ?? T.noBatch}
                  </Table.Td>
                  <Table.Td ta="right">{line.counted}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Anchor component={Link} to={paths.details(number)}>
        {paths.detailsTitle}
      </Anchor>
    </Stack>
  );
}
