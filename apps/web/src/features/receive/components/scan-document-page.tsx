import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { validateLooseCode } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { RECEIVE_UI, UI } from '../../../config/labels.ts';
import { NEW_DOCUMENT } from '../../../config/routes.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { getIbd, ibdKey } from '../api/get-ibd.ts';
import { RECEIVE_PATHS } from '../area.ts';
import { useReceivePermissions } from '../hooks/use-receive-permissions.ts';

/**
 * /rdc/scanOperation/{queryValue}?p=IBD, 'Scan IBD No.' (and /ldc/ScanOperation/new): scan or
 * type the document number, then scan its units. A queryValue that already names a document
 * goes straight to its unit scan.
 */
export function ScanDocumentPage({ area }: { area: Area }) {
  const queryValue = useParams().queryValue ?? NEW_DOCUMENT;
  const [search] = useSearchParams();
  const type = (search.get('p') || 'IBD').toUpperCase();
  const can = useReceivePermissions(area);
  const scanPath = RECEIVE_PATHS[area].scanUnits;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (type !== 'IBD') return <StatusScreen title={RECEIVE_UI.scanIbdNo} text={UI.notAvailable} />;
  if (!can.scan) return <Navigate to="/403" replace />;
  if (queryValue !== NEW_DOCUMENT) return <Navigate to={scanPath(queryValue)} replace />;

  const open = async (raw: string) => {
    const number = validateLooseCode(raw);
    if (!number.ok) {
      setError(number.message);
      return;
    }
    setBusy(true);
    try {
      await client.fetchQuery({ queryKey: ibdKey(number.value, area), queryFn: () => getIbd(number.value, area) });
      setError(undefined);
      void navigate(scanPath(number.value));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <ScanField
        label={RECEIVE_UI.documentNoLabel}
        placeholder={RECEIVE_UI.scanPlaceholder}
        submitLabel={RECEIVE_UI.go}
        error={error}
        busy={busy}
        onScan={(raw) => void open(raw)}
      />
    </Stack>
  );
}
