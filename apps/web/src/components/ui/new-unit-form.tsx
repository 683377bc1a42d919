import { useId, useState } from 'react';
import { Alert, Button, Card, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { Area } from '@pharma/domain/contract/inventory';
import { useAreaWarehouses, useCreatePallet } from '../../lib/new-unit-api.ts';

export type NewUnitType = 'PLT' | 'CTN';

export interface NewUnitFormProps {
  area: Area;
  initialType: NewUnitType;
  labels: { warehouse: string; unitType: string; pallet: string; carton: string; create: string };
  /** Work the caller starts once the unit exists (the local repack opens it). */
  busy?: boolean;
  onCreated: (created: { sscc: string; type: NewUnitType }) => void;
}

/**
 * A new empty pallet or carton with a new SSCC, in a warehouse of the area (POST /api/createPallet):
 * 'Repack - Create Pallet' and the local repack's new destination. The server's refusal shows below it.
 */
export function NewUnitForm({ area, initialType, labels, busy = false, onCreated }: NewUnitFormProps) {
  const warehouses = useAreaWarehouses(area);
  const create = useCreatePallet(area);
  const [warehouseNo, setWarehouseNo] = useState<string | null>(null);
  const [type, setType] = useState<NewUnitType>(initialType);
  const typeLabel = useId();
  const chosen = warehouseNo ?? warehouses.data?.[0]?.warehouseNo ?? null;

  return (
    <Stack gap="sm">
      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) create.mutate({ warehouseNo: chosen, type }, { onSuccess: ({ sscc }) => onCreated({ sscc, type }) });
          }}
        >
          <Stack gap="md">
            <Select
              label={labels.warehouse}
              data={(warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} ${w.name}` }))}
              value={chosen}
              onChange={setWarehouseNo}
              allowDeselect={false}
              required
            />
            <div>
              <Text size="sm" fw={500} mb={4} id={typeLabel}>
                {labels.unitType}
              </Text>
              <SegmentedControl
                aria-labelledby={typeLabel}
                fullWidth
                value={type}
                onChange={(value) => setType(value as NewUnitType)}
                data={[
                  { value: 'PLT', label: labels.pallet },
                  { value: 'CTN', label: labels.carton },
                ]}
              />
            </div>
            <Button type="submit" loading={create.isPending || busy} disabled={!chosen}>
              {labels.create}
            </Button>
          </Stack>
        </form>
      </Card>
      {create.isError && (
        <Alert color="red" role="alert">
          {create.error.message}
        </Alert>
      )}
    </Stack>
  );
}
