import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { validateLiteNumber, type LiteFamily } from '@pharma/domain';
import { LITE_UI } from '../../../config/labels.ts';
import { useCreateLiteDocument, useLocalWarehouses } from './lite-api.ts';
import type { LitePaths } from './lite-paths.ts';

/** A new lite document: the number the user enters under the family's input label (spec point 2), checked by spec point 5's rule. */
export function LiteCreateForm({ lite, paths }: { lite: LiteFamily; paths: LitePaths }) {
  const navigate = useNavigate();
  const warehouses = useLocalWarehouses();
  const create = useCreateLiteDocument(lite);
  const [number, setNumber] = useState('');
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const options = (warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} ${w.name}` }));
  const warehouseNo = warehouse ?? options[0]?.value ?? '';

  const submit = () => {
    const check = validateLiteNumber(number);
    if (!check.ok) return setError(check.message);
    setError(undefined);
    create.mutate({ docNo: check.value, warehouseNo }, { onSuccess: (answer) => navigate(paths.details(answer.document.number)) });
  };

  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Title order={2} size="h5">
            {LITE_UI.createTitle}
          </Title>
          <TextInput label={lite.labels.input} value={number} onChange={(e) => setNumber(e.currentTarget.value)} error={error} />
          {options.length > 1 && (
            <Select label={LITE_UI.warehouse} data={options} value={warehouseNo} onChange={setWarehouse} allowDeselect={false} />
          )}
          {create.isError && (
            <Alert color="red" role="alert">
              {create.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!warehouseNo}>
              {LITE_UI.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
