import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { LiteFamily } from '@pharma/domain';
import { useReverseOperation } from '../api/reverse-operation.ts';
import { LineCard } from '../components/line-card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { ScannedUnits } from '../components/scanned-units.tsx';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { useLiteLine } from './lite-api.ts';

/**
 * 'Material Details' (/ldc/liteDetail/materialDetails?docNo=&moduleID=&materialNo=&batchNo=): one material
 * and batch line of a lite document and the units scanned on it ('No items added yet!'), each deletable
 * where the family allows it.
 */
export function LiteMaterialDetailsPage({ lite, number }: { lite: LiteFamily; number: string }) {
  const [search] = useSearchParams();
  const line = useLiteLine(lite, number, search.get('materialNo') ?? '', search.get('batchNo') ?? '');
  const can = useDocumentPermissions(lite.family, 'LDC');
  const reverse = useReverseOperation(lite.family.type, number, 'LDC');
  const labels = { ...lite.family.labels, number: lite.labels.card };

  return (
    <QueryState query={line}>
      {(data) => {
        const completed = data.document.status === 'Completed';
        return (
          <Stack gap="sm">
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              <LineCard line={data.line} completed={completed} labels={labels} />
            </ul>
            <ScannedUnits
              lines={[data.line]}
              area="LDC"
              deleting={reverse.isPending ? reverse.variables : undefined}
              onDelete={
                can.deleteScanned && !completed ? (unit) => reverse.mutate(unit.id, { onSuccess: () => void line.refetch() }) : undefined
              }
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}
