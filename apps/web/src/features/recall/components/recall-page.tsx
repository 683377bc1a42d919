import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { errorText } from '../../../lib/api-client.ts';
import { useWhereabouts, type BatchRef } from '../api/batches-api.ts';
import { BatchOverview } from './batch-overview.tsx';
import { BatchWhereabouts } from './batch-whereabouts.tsx';
import { FindBatch } from './find-batch.tsx';

/** The batch the URL names (?materialNo=&batchNo=), so Back and a shared link show it again. */
function useShownBatch(): [BatchRef | undefined, (batch: BatchRef) => void] {
  const [params, setParams] = useSearchParams();
  const materialNo = params.get('materialNo') ?? '';
  const batchNo = params.get('batchNo') ?? '';
  const batch = materialNo && batchNo ? { materialNo, batchNo } : undefined;
  return [batch, (next) => setParams({ materialNo: next.materialNo, batchNo: next.batchNo })];
}

/**
 * /rdc/recall and /ldc/recall, 'Recall' (issue 30, decision 0074): find a batch by scanning any pack of
 * it or by its material and batch number; see its status and where its packs are; put it on hold,
 * release or recall it (each asks first, with a reason); download the CSV of every unit.
 */
export function RecallPage({ area }: { area: Area }) {
  const [batch, show] = useShownBatch();
  const whereabouts = useWhereabouts(batch, area);

  return (
    <Stack gap="md">
      <FindBatch area={area} shown={batch} onFound={show} />
      {batch && whereabouts.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {batch && whereabouts.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(whereabouts.error)}
        </Alert>
      )}
      {batch && whereabouts.data && (
        <>
          <BatchOverview key={`${batch.materialNo}/${batch.batchNo}`} area={area} whereabouts={whereabouts.data} />
          <BatchWhereabouts area={area} whereabouts={whereabouts.data} />
        </>
      )}
    </Stack>
  );
}
