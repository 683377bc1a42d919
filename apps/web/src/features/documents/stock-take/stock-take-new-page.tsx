import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAreaWarehouses } from '../../../lib/new-unit-api.ts';
import { useSession } from '../../../lib/session.ts';
import type { DocumentPageProps } from '../types.ts';
import { useCreateStockTake } from './stock-take-api.ts';
import { useStockTakePermissions } from './use-stock-take-permissions.ts';
import { scopeOf } from './variance.ts';

/**
 * /rdc/stockTakeNew and /ldc/stockTakeNew, 'New Count': a warehouse of the area, an optional scope
 * (material, its batch, or a pallet or carton), blind or not; POST /api/stockTakes takes the snapshot and
 * the count's details open. The server checks the scope and says what is wrong (an unknown material, an
 * SSCC not in the warehouse): its message is shown as it is.
 */
export function StockTakeNewPage({ area, family, paths }: DocumentPageProps) {
  const can = useStockTakePermissions(area);
  const signedIn = useSession().status === 'authenticated';
  const warehouses = useAreaWarehouses(area);
  const create = useCreateStockTake(family.type, area);
  const navigate = useNavigate();
  const [warehouseNo, setWarehouseNo] = useState('');
  const [fields, setFields] = useState({ materialNo: '', batchNo: '', sscc: '' });
  const [blind, setBlind] = useState(true);

  if (!can.create) return signedIn ? <Navigate to="/403" replace /> : null;
  const options = (warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} · ${w.name}` }));
  const chosen = warehouseNo || options[0]?.value || '';
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [name]: e.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { warehouseNo: chosen, scope: scopeOf(fields), blind },
      { onSuccess: (answer) => void navigate(paths.details(answer.number)) },
    );
  };

  return (
    <form onSubmit={submit} aria-label={T.newCount}>
      <Stack gap="sm">
        <NativeSelect label={T.warehouse} data={options} value={chosen} onChange={(e) => setWarehouseNo(e.currentTarget.value)} required />
        <Text size="sm" fw={500}>
          {T.scope}
        </Text>
        <Text size="xs" c="dimmed">
          {T.scopeHint}
        </Text>
        <TextInput label={T.materialNo} {...field('materialNo')} autoComplete="off" />
        <TextInput label={T.batchNo} {...field('batchNo')} autoComplete="off" />
        <TextInput label={T.sscc} {...field('sscc')} inputMode="numeric" autoComplete="off" />
        <Checkbox label={T.blind} description={T.blindHint} checked={blind} onChange={(e) => setBlind(e.currentTarget.checked)} />
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} disabled={!chosen}>
          {T.create}
        </Button>
      </Stack>
    </form>
  );
}
