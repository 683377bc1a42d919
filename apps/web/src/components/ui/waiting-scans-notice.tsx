import { Alert, Stack, Text } from './plain.tsx';
import { fillLabel, SCANNER_UI } from '../../config/labels.ts';
import { useScanQueue } from '../../lib/scan-queue/index.ts';

/**
 * Other users' scans left on this device (decision 0026): "N scans of <name> waiting to be sent".
 * They are never sent under the signed-in user's session; they go out when their maker signs in.
 */
export function WaitingScansNotice() {
  const { others } = useScanQueue();
  if (others.length === 0) return null;
  return (
    <Alert
      color="yellow"
      style={{ marginBottom: 'var(--mantine-spacing-sm)', padding: 'var(--mantine-spacing-xs)' }}
      role="status"
      aria-label={SCANNER_UI.othersTitle}
    >
      <Stack gap={2}>
        {others.map(({ owner, count }) => (
          <Text key={owner.id} size="sm" data-testid="others-waiting">
            {fillLabel(count === 1 ? SCANNER_UI.otherWaiting : SCANNER_UI.othersWaiting, { count: String(count), name: owner.name })}
          </Text>
        ))}
        <Text size="xs" dimmed>
          {SCANNER_UI.othersWaitingHint}
        </Text>
      </Stack>
    </Alert>
  );
}
