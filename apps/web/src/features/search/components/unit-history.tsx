import { Stack, Text, Timeline } from '@mantine/core';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS, SEARCH_UI } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { auditActionText } from '../audit-action-text.ts';

function stateText(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'status' in value) {
    const { status, reason } = value as { status?: unknown; reason?: unknown };
    return [status, reason].filter((part) => typeof part === 'string' && part !== '').join(' / ');
  }
  return undefined;
}

/** The unit's audit trail, oldest first as the server sends it: each action in words, never its code. */
export function UnitHistory({ history }: { history: UnitView['history'] }) {
  return (
    <Stack gap="xs" component="section" aria-label={FIELD_LABELS.history}>
      <Text fw={600}>{FIELD_LABELS.history}</Text>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {SEARCH_UI.noHistory}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {history.map((entry, i) => {
            const before = stateText(entry.before);
            const after = stateText(entry.after);
            return (
              <Timeline.Item key={`${entry.at}-${i}`} title={auditActionText(entry.action)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                  {entry.by ? ` · ${entry.by}` : ''}
                </Text>
                {(before || after) && (
                  <Text size="sm">
                    {before ?? '–'} → {after ?? '–'}
                  </Text>
                )}
                {entry.reason && (
                  <Text size="xs" c="dimmed">
                    {entry.reason}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
