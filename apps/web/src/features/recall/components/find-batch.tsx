import { useState, type FormEvent } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { message } from '../../../i18n/language.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS, RECALL_UI } from '../../../config/labels.ts';
import { ScanField } from '../../../components/ui/scan-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useBatchLookup, type BatchRef } from '../api/batches-api.ts';

/**
 * How a batch is found: a pack of it scanned (or its code typed), which the server names the batch of
 * (POST /api/batches/lookup), or its material and batch number typed.
 */
export function FindBatch({ area, shown, onFound }: { area: Area; shown?: BatchRef; onFound: (batch: BatchRef) => void }) {
  const lookup = useBatchLookup(area);
  const [materialNo, setMaterialNo] = useState(shown?.materialNo ?? '');
  const [batchNo, setBatchNo] = useState(shown?.batchNo ?? '');
  const [typedError, setTypedError] = useState<{ materialNo?: string; batchNo?: string }>({});

  const scan = (raw: string) =>
    lookup.mutate(raw, {
      onSuccess: (batch) => {
        setMaterialNo(batch.materialNo);
        setBatchNo(batch.batchNo);
        setTypedError({});
        onFound(batch);
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = { materialNo: materialNo.trim(), batchNo: batchNo.trim() };
    const errors = {
      materialNo: typed.materialNo ? undefined : message('FIELD_EMPTY'),
      batchNo: typed.batchNo ? undefined : message('FIELD_EMPTY'),
    };
    setTypedError(errors);
    if (errors.materialNo || errors.batchNo) return;
    lookup.reset();
    onFound(typed);
  };

  return (
    <Stack gap="sm" component="section" aria-label={RECALL_UI.find}>
      <Text size="sm" c="dimmed">
        {RECALL_UI.intro}
      </Text>
      <ScanField
        camera
        label={RECALL_UI.scanLabel}
        placeholder={RECALL_UI.scanPlaceholder}
        submitLabel={RECALL_UI.find}
        busy={lookup.isPending}
        onScan={scan}
      />
      {lookup.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(lookup.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={RECALL_UI.typed}>
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              label={FIELD_LABELS.materialNo}
              value={materialNo}
              onChange={(event) => setMaterialNo(event.currentTarget.value)}
              error={typedError.materialNo}
              autoComplete="off"
              maxLength={40}
            />
            <TextInput
              label={FIELD_LABELS.batchNo}
              value={batchNo}
              onChange={(event) => setBatchNo(event.currentTarget.value)}
              error={typedError.batchNo}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
            />
          </SimpleGrid>
          <Button type="submit" variant="light">
            {RECALL_UI.show}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
