import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { RECEIVE_UI } from '../../../config/labels.ts';
import { useIbd } from '../api/get-ibd.ts';
import { RECEIVE_PATHS } from '../area.ts';
import { useReceivePermissions } from '../hooks/use-receive-permissions.ts';
import { totals } from '../lines.ts';
import { CompleteButton } from './complete-button.tsx';
import { DocumentHeader } from './document-header.tsx';
import { LineCard } from './line-card.tsx';
import { QueryState } from './query-state.tsx';
import { ScannedUnits } from './scanned-units.tsx';

/**
 * /rdc/ibdNo/{ibdNo} and /ldc/ibdDetails/{ibdDetails}, 'IBD Details': header, lines, scanned
 * units, and Scan and Complete for users whose role has those actions in the area (spec point 6).
 */
export function IbdDetailsPage({ area }: { area: Area }) {
  const params = useParams();
  const ibdNo = params.ibdNo ?? params.ibdDetails ?? '';
  const details = useIbd(ibdNo, area);
  const can = useReceivePermissions(area);

  return (
    <QueryState query={details}>
      {(data) => {
        const completed = data.document.status === 'Completed';
        const sum = totals(data.data);
        return (
          <Stack gap="sm">
            <DocumentHeader details={data} />
            <Group gap="xs">
              {can.scan && !completed && (
                <Button component={Link} to={RECEIVE_PATHS[area].scanUnits(ibdNo)}>
                  {RECEIVE_UI.scan}
                </Button>
              )}
              {can.complete && (
                <CompleteButton ibdNo={ibdNo} area={area} status={data.document.status} scanned={sum.scanned} expected={sum.expected} />
              )}
            </Group>
            <Title order={2} size="h5">
              {RECEIVE_UI.lines}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.data.map((line) => (
                <LineCard key={line.lineNo} line={line} completed={completed} />
              ))}
            </Stack>
            <ScannedUnits lines={data.data} />
          </Stack>
        );
      }}
    </QueryState>
  );
}
