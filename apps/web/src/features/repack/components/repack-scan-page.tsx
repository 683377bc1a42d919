import { useEffect, useRef } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { REPACK_UI } from '../../../config/labels.ts';
import { REPACK_PAGES } from '../../../config/navigation.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { useOpenByScan } from '../hooks/use-open-repack.ts';

/**
 * /rdc/repackScan ('Repack Scan'): scan or type a pallet's or carton's SSCC; its repack opens (or
 * resumes) on 'Repack - Edit Pallet'. With ?sscc= (the create pallet page's 'Edit pallet') it opens
 * that SSCC's at once.
 */
export function RepackScanPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const given = search.get('sscc');
  const open = useOpenByScan(area, (repack) => void navigate(REPACK_PAGES.edit(repack.repackNo), { replace: given !== null }));
  const asked = useRef<string | null>(null);
  const { submit } = open;

  useEffect(() => {
    if (given && asked.current !== given) {
      asked.current = given;
      submit(given);
    }
  }, [given, submit]);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {REPACK_UI.openIntro}
      </Text>
      <ScanField
        camera
        label={REPACK_UI.openLabel}
        placeholder={REPACK_UI.scanPlaceholder}
        submitLabel={REPACK_UI.open}
        busy={open.busy}
        onScan={submit}
      />
      {open.error && (
        <Alert color="red" variant="filled" title={REPACK_UI.refused} role="alert">
          {open.error}
        </Alert>
      )}
    </Stack>
  );
}
