import { Alert, Stack, Text } from '@mantine/core';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { announcementText } from '../announcement-text.ts';

/**
 * A unit announced by EPCIS and not yet received (issue 34, decision 0083): said in words, with the event
 * that announced it and the document expecting it. Its identifier wraps, so that it fits at 360 px.
 */
export function AnnouncedNote({ unit }: { unit: UnitView }) {
  if (!unit.announced) return null;
  const { title, lines, eventId } = announcementText(unit.announced);
  return (
    <Alert color="blue" variant="light" p="xs" title={title} data-testid="announced">
      <Stack gap={2}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {eventId && (
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {eventId}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
