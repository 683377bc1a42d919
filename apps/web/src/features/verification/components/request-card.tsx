import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import type { VerificationRequestItem } from '@pharma/domain/contract/verification';
import { fillLabel, VERIFICATION_UI } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { unitPath } from '../../../lib/unit-codes.ts';
import { expiryText, operationText, packText } from '../request-text.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

/** A labelled value: a group named by its label, so it reads 'Return code NMVS_NC_PC_02'. */
function Field({ label, value, mono }: { label: string; value: string | null; mono?: boolean }) {
  return (
    <Stack gap={0} role="group" aria-label={label} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value ?? VERIFICATION_UI.none}
      </Text>
    </Stack>
  );
}

/**
 * One request sent to the national system, as a card that reads the same on a phone and at a desk: when
 * and what was asked about which pack (linking to its page), the outcome, then the system's answer (its
 * return code, the server's message naming it, the alert id) and who asked.
 */
export function RequestCard({ request, area }: { request: VerificationRequestItem; area: Area }) {
  const pack = packText(request);
  const answered = request.message ?? fillLabel(VERIFICATION_UI.notAnswered, { attempts: String(request.attempts) });
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${operationText(request)} ${pack}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {formatDateTime(request.requestedAt)} · {operationText(request)}
            </Text>
            {request.serial === null ? (
              <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {pack}
              </Text>
            ) : (
              <Anchor
                component={Link}
                to={unitPath({ kind: 'pack', gtin: request.gtin, serial: request.serial }, 'EA', area)}
                fw={700}
                ff="monospace"
                style={{ overflowWrap: 'anywhere' }}
              >
                {pack}
              </Anchor>
            )}
          </Stack>
          <OutcomeBadge outcome={request.outcome} />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" verticalSpacing={4}>
          <Field label={VERIFICATION_UI.batch} value={request.batch} />
          <Field label={VERIFICATION_UI.expiry} value={expiryText(request.expiry, request.requestedAt)} />
          <Field label={VERIFICATION_UI.system} value={request.system} />
          <Field label={VERIFICATION_UI.purpose} value={VERIFICATION_UI.purposes[request.purpose]} />
          <Field label={VERIFICATION_UI.warehouse} value={request.warehouseNo} />
          <Field label={VERIFICATION_UI.requestedBy} value={request.requestedBy.name || request.requestedBy.id} />
          <Field label={VERIFICATION_UI.returnCode} value={request.returnCode} mono />
          <Field label={VERIFICATION_UI.alertId} value={request.alertId} mono />
        </SimpleGrid>
        <Field label={VERIFICATION_UI.answer} value={answered} />
      </Stack>
    </Card>
  );
}
