import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { LiteFamily } from '@pharma/domain';
import { DOCUMENT_UI, LITE_UI } from '../../../config/labels.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { getLiteMaterial } from './lite-api.ts';
import type { LitePaths } from './lite-paths.ts';

/**
 * The material and batch scanner (/ldc/liteDetail/materialAndBatchScanner): a pack's GS1 code names the
 * material by its GTIN and carries the batch (10); the server reads it again and the 'Add Material/Batch'
 * form opens filled in. An SSCC or an unknown GTIN is refused with its reason.
 */
export function LiteMaterialScannerPage({ lite, paths, number }: { lite: LiteFamily; paths: LitePaths; number: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const read = async (raw: string) => {
    setBusy(true);
    try {
      const found = await getLiteMaterial(lite, raw);
      navigate(paths.addMaterial(number, { materialNo: found.materialNo, batchNo: found.batchNo ?? '' }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <ScanField
        camera
        label={LITE_UI.materialScanLabel}
        placeholder={DOCUMENT_UI.scanPlaceholder}
        submitLabel={LITE_UI.read}
        busy={busy}
        error={error}
        onScan={(raw) => void read(raw)}
      />
    </Stack>
  );
}
