import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { useDocument } from '../api/get-document.ts';
import { useDocumentPermissions } from '../hooks/use-document-permissions.ts';
import { totals } from '../lines.ts';
import type { DocumentPageProps } from '../types.ts';
import { ReopenButton } from '../redress/reopen-button.tsx';
import { CompleteButton } from './complete-button.tsx';
import { DocumentHeader } from './document-header.tsx';
import { LineCard } from './line-card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { ScannedUnits } from './scanned-units.tsx';
import { LineCounts } from '../lite/line-counts.tsx';

/**
 * A family's details page ('IBD Details', 'OBD Details', 'RMA Details', 'Scrapping Details'): header,
 * lines, scanned units, and Scan and Complete for users whose role has those actions (spec point 6).
 */
export function DocumentDetailsPage({ area, family, paths, number }: DocumentPageProps) {
  const details = useDocument(family, number, area);
  const can = useDocumentPermissions(family, area);

  return (
    <QueryState query={details}>
      {(data) => {
        const completed = data.document.status === 'Completed';
        const sum = totals(data.data);
        return (
          <Stack gap="sm">
            <DocumentHeader details={data} labels={family.labels} />
            <Group gap="xs">
              {can.scan && !completed && (
                <Button component={Link} to={paths.scanUnits(number)}>
                  {DOCUMENT_UI.scan}
                </Button>
              )}
              {can.complete && (
                <CompleteButton
                  family={family}
                  number={number}
                  area={area}
                  status={data.document.status}
                  scanned={sum.scanned}
                  expected={sum.expected}
                />
              )}
              <ReopenButton family={family} number={number} area={area} completed={completed} />
            </Group>
            <Title order={2} size="h5">
              {DOCUMENT_UI.lines}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.data.map((line) => (
                <LineCard key={line.lineNo} line={line} completed={completed} labels={family.labels} />
              ))}
            </Stack>
            {/* A counted family (ScanLite) has no units on its documents: its packs, scan by scan (issue 27, decision 0066). */}
            {family.counted ? (
              <LineCounts
                family={family}
                number={number}
                area={area}
                lines={data.data}
                completed={completed}
                mayRemove={can.deleteScanned}
              />
            ) : (
              <ScannedUnits lines={data.data} area={area} />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
