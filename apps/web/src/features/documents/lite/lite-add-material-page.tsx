import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { parseLiteQuantity, validateMaterialNo, type LiteFamily } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
import { LITE_UI } from '../../../config/labels.ts';
import { usePutLiteLine } from './lite-api.ts';
import type { LitePaths } from './lite-paths.ts';

/**
 * 'Add Material/Batch' (/ldc/liteDetail/createMaterialOrBatch?docNo=&moduleID=): a line by hand, or as the
 * material and batch scanner filled it in. The browser checks the material number and the quantity
 * (spec point 5); the batch rule depends on the material's batch type, which the server knows and checks.
 * 'Item added successfully!', then back to the lite detail page with docNo and moduleID.
 */
export function LiteAddMaterialPage({ lite, paths, number }: { lite: LiteFamily; paths: LitePaths; number: string }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const put = usePutLiteLine(lite, number);
  const [materialNo, setMaterialNo] = useState(search.get('materialNo') ?? '');
  const [batchNo, setBatchNo] = useState(search.get('batchNo') ?? '');
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<{ materialNo?: string; batchNo?: string; quantity?: string }>({});
  const [added, setAdded] = useState(false);

  const submit = () => {
    const material = validateMaterialNo(materialNo);
    const qty = parseLiteQuantity(quantity);
    const next = {
      materialNo: material.ok ? undefined : material.message,
      batchNo: batchNo.trim() ? undefined : message('MIN_1_CHARACTER'),
      quantity: qty.ok ? undefined : qty.message,
    };
    setErrors(next);
    if (!material.ok || !qty.ok || next.batchNo) return;
    put.mutate(
      { materialNo: material.value, batchNo: batchNo.trim(), quantity: quantity.trim() },
      {
        onSuccess: () => {
          setAdded(true);
          setTimeout(() => navigate(paths.details(number)), 800);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput label={lite.labels.card} value={number} readOnly />
        <TextInput
          label={LITE_UI.materialNo}
          value={materialNo}
          onChange={(e) => setMaterialNo(e.currentTarget.value)}
          error={errors.materialNo}
          maxLength={8}
        />
        <TextInput
          label={LITE_UI.batchNo}
          value={batchNo}
          onChange={(e) => setBatchNo(e.currentTarget.value)}
          error={errors.batchNo}
          maxLength={20}
        />
        <TextInput
          label={LITE_UI.quantity}
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          error={errors.quantity}
          inputMode="numeric"
        />
        {added && (
          <Alert color="green" role="status">
            {message('ITEM_ADDED')}
          </Alert>
        )}
        {put.isError && (
          <Alert color="red" role="alert">
            {put.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={put.isPending} disabled={added}>
            {LITE_UI.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
