import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { RECEIVE_UI } from '../../../config/labels.ts';
import { useIbd } from '../api/get-ibd.ts';
import { useReceivePermissions } from '../hooks/use-receive-permissions.ts';
import { totals } from '../lines.ts';
import { CompleteButton } from './complete-button.tsx';
import { DocumentHeader } from './document-header.tsx';
import { LineCard } from './line-card.tsx';
import { QueryState } from './query-state.tsx';
import { ScannedUnits } from './scanned-units.tsx';

/** /rdc/ibdNo/{ibdNo}, 'IBD Details': header, lines, scanned units, Scan and Complete. */
export function IbdDetailsPage() {
  const ibdNo = useParams().ibdNo ?? '';
  const details = useIbd(ibdNo);
  const can = useReceivePermissions();

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
                <Button component={Link} to={`/rdc/scanPallet/${encodeURIComponent(ibdNo)}?p=IBD`}>
                  {RECEIVE_UI.scan}
                </Button>
              )}
              {can.complete && <CompleteButton ibdNo={ibdNo} status={data.document.status} scanned={sum.scanned} expected={sum.expected} />}
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
