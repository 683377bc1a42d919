import { Alert, Badge, Button, Group, Stack, Text } from './plain.tsx';
import { UNIT_LABELS } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import { DOCUMENT_UI, fillLabel, SCANNER_UI } from '../../config/labels.ts';
import { localDay } from '../../lib/local-day.ts';
import { getScanQueue, useScanQueue } from '../../lib/scan-queue/index.ts';
import { shownCode } from '../../lib/shown-code.ts';
import { UnsentScansGuard } from './unsent-scans-guard.tsx';

const REASON = { offline: SCANNER_UI.offline, retrying: SCANNER_UI.retrying, 'signed-out': SCANNER_UI.signedOut } as const;

/**
 * The queue on a scan screen: the running count, the scans waiting to be sent (and why), the
 * refusals that came back after reconnecting with an Acknowledge button each, and the warning
 * before leaving the page while scans are unsent.
 */
export function ScanQueuePanel({ scanned }: { scanned: number }) {
  const { pending, refused, block } = useScanQueue();
  return (
    <Stack gap="xs">
      <Group gap="xs" role="status" aria-label="Scan queue">
        <Badge size="lg" variant="light" color="green" data-testid="scanned-count">
          {fillLabel(SCANNER_UI.scanned, { count: String(scanned) })}
        </Badge>
        {pending.length > 0 && (
          <Badge size="lg" variant="filled" color="orange" data-testid="pending-count">
            {fillLabel(SCANNER_UI.pending, { count: String(pending.length) })}
          </Badge>
        )}
      </Group>
      {pending.length > 0 && block !== 'none' && (
        <Text size="sm" dimmed>
          {REASON[block]}
        </Text>
      )}
      {refused.length > 0 && (
        <Alert color="red" title={message('PREVIOUS_SCANS_NOT_SAVED')} role="alert">
          <Stack gap="xs" as="ul" aria-label={SCANNER_UI.refusals} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {refused.map((scan) => (
              <Stack key={scan.scanId} as="li" gap={4} aria-label={shownCode(scan.request.code, localDay())}>
                <Text size="xs" dimmed lineClamp={1} style={{ wordBreak: 'break-all' }}>
                  {scan.request.docType} {scan.request.docNo} · {scan.request.unit ? UNIT_LABELS[scan.request.unit] : DOCUMENT_UI.item}{' '}
                  {shownCode(scan.request.code, localDay())}
                </Text>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text size="sm">{scan.refusal?.message}</Text>
                  <Button
                    size="compact-sm"
                    color="red"
                    style={{ flexShrink: 0 }}
                    onClick={() => void getScanQueue().acknowledge(scan.scanId)}
                  >
                    {SCANNER_UI.acknowledge}
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
      <UnsentScansGuard unsent={pending.length > 0} />
    </Stack>
  );
}
