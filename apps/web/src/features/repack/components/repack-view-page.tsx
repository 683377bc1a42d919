import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TOOL_NEEDS } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { REPACK_UI, UI } from '../../../config/labels.ts';
import { REPACK_PAGES, REPACK_TARGETS } from '../../../config/navigation.ts';
import { AREA_HOME } from '../../../config/routes.ts';
import { useCan } from '../../../lib/can.ts';
import { RepackLoader } from './repack-loader.tsx';
import { ContentsList, DestinationCard } from './repack-summary.tsx';

/** What the completing page hands on: the server's message ('Repacking completed successfully!'). */
function completedMessage(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string' ? state.message : undefined;
}

/**
 * A repack as it stands (/rdc/repackViewPallet?repackNo=, 'Repack - View Pallet', no back button; the
 * local completion /ldc/repackComplete/repackCompletionDetail): the completion's message when just
 * completed, the destination, its state, the source pallet SSCCs and the contents; the way to its
 * label (regional 'Print new label', to holders of Print) and home.
 */
export function RepackViewPage({ area }: { area: Area }) {
  const repackNo = useSearchParams()[0].get('repackNo') ?? '';
  const message = completedMessage(useLocation().state);
  const mayPrint = useCan({ application: area, ...TOOL_NEEDS.print });
  return (
    <Stack gap="sm">
      {message && (
        <Alert color="green" variant="filled" role="status">
          {message}
        </Alert>
      )}
      <RepackLoader repackNo={repackNo} area={area} missing={area === 'RDC' ? REPACK_PAGES.open() : REPACK_TARGETS.outsideDocuments}>
        {(repack) => (
          <Stack gap="sm">
            <DestinationCard repack={repack} full />
            <ContentsList units={repack.contents} />
            <Group gap="md">
              {area === 'RDC' && mayPrint && (
                <Anchor component={Link} to={REPACK_PAGES.printLabel(repack.destination.sscc)}>
                  {REPACK_UI.printLabel}
                </Anchor>
              )}
              <Anchor component={Link} to={AREA_HOME[area]}>
                {UI.goHome}
              </Anchor>
            </Group>
          </Stack>
        )}
      </RepackLoader>
    </Stack>
  );
}
