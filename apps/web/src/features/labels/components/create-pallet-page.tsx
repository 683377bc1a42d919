import { useState } from 'react';
import { Alert, Button, Card, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { message } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { LABEL_UI } from '../../../config/labels.ts';
import { REPACK_PAGES } from '../../../config/navigation.ts';
import { useAreaWarehouses, useCreatePallet } from '../../../lib/new-unit-api.ts';
import { LabelPrintForm } from './label-print-form.tsx';

/**
 * /rdc/createPallet, 'Repack - Create Pallet' (tile 'Create New Pallet SSCC'): a new empty pallet or
 * carton with a new SSCC of the chosen warehouse (decision 0030), then its label, or 'Edit pallet': its
 * repack (decision 0049).
 */
export function CreatePalletPage({ area }: { area: Area }) {
  const warehouses = useAreaWarehouses(area);
  const create = useCreatePallet(area);
  const [warehouseNo, setWarehouseNo] = useState<string | null>(null);
  const [type, setType] = useState<'PLT' | 'CTN'>('PLT');
  const chosen = warehouseNo ?? warehouses.data?.[0]?.warehouseNo ?? null;

  return (
    <Stack gap="sm">
      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) create.mutate({ warehouseNo: chosen, type });
          }}
        >
          <Stack gap="md">
            <Select
              label={LABEL_UI.warehouse}
              data={(warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} ${w.name}` }))}
              value={chosen}
              onChange={setWarehouseNo}
              allowDeselect={false}
              required
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="create-pallet-type">
                {LABEL_UI.unitType}
              </Text>
              <SegmentedControl
                aria-labelledby="create-pallet-type"
                fullWidth
                value={type}
                onChange={(value) => setType(value as 'PLT' | 'CTN')}
                data={[
                  { value: 'PLT', label: LABEL_UI.pallet },
                  { value: 'CTN', label: LABEL_UI.carton },
                ]}
              />
            </div>
            <Button type="submit" loading={create.isPending} disabled={!chosen}>
              {LABEL_UI.create}
            </Button>
          </Stack>
        </form>
      </Card>
      {create.isError && (
        <Alert color="red" role="alert">
          {create.error.message}
        </Alert>
      )}
      {create.isSuccess && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Alert color="green" role="status">
              {message('PALLET_CREATED', { type: type === 'PLT' ? LABEL_UI.pallet : LABEL_UI.carton, sscc: create.data.sscc })}
            </Alert>
            <Title order={2} size="h4">
              {LABEL_UI.newSscc}
            </Title>
            <Text ff="monospace" size="xl" data-testid="new-sscc">
              {create.data.sscc}
            </Text>
            <Button component={Link} to={REPACK_PAGES.open(create.data.sscc)} variant="light">
              {LABEL_UI.editPallet}
            </Button>
            <LabelPrintForm key={create.data.sscc} area={area} sscc={create.data.sscc} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
