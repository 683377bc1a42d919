import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BATCH_STATUS_WORDS, TOOL_NEEDS } from '@pharma/domain';
import type { Area, UnitView } from '@pharma/domain/contract/inventory';
import { fillLabel, SEARCH_UI } from '../../../config/labels.ts';
import { RECALL_PAGES } from '../../../config/navigation.ts';
import { useCan } from '../../../lib/can.ts';

/**
 * The batches on hold or recalled that a unit is, or holds packs of (issue 30, decision 0074): a pack
 * of a held batch, or a pallet or carton with one inside, says so in words, with the way to the batch's
 * Recall page for those who may see it.
 */
export function HeldBatches({ unit, area }: { unit: UnitView; area: Area }) {
  const maySee = useCan({ application: area, ...TOOL_NEEDS.batchView });
  if (unit.heldBatches.length === 0) return null;
  const isPack = unit.type === 'EA' || unit.type === 'BUN';
  return (
    <Stack gap="xs">
      {unit.heldBatches.map((held) => (
        <Alert
          key={`${held.materialNo}/${held.batchNo}`}
          color={held.status === 'RECALLED' ? 'red' : 'orange'}
          variant="light"
          p="xs"
          data-testid="held-batch"
          title={fillLabel(SEARCH_UI.batchHeld, { ...held, status: BATCH_STATUS_WORDS[held.status] })}
        >
          <Text size="sm">{isPack ? SEARCH_UI.batchHeldNote : SEARCH_UI.batchHeldInside}</Text>
          {maySee && (
            <Anchor component={Link} to={RECALL_PAGES.page(area, held)} size="sm">
              {fillLabel(SEARCH_UI.openBatch, { batchNo: held.batchNo })}
            </Anchor>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
