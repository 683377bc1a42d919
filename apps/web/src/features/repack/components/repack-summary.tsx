import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { UNIT_LABELS } from '@pharma/domain';
import type { RepackUnit, RepackView } from '@pharma/domain/contract/repack';
import { FIELD_LABELS, REPACK_UI } from '../../../config/labels.ts';
import { repackStateText } from '../move-outcome.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={wrap} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The repack's destination: its SSCC and type, its state and packs; the source pallets and reference document when asked. */
export function DestinationCard({ repack, full = false }: { repack: RepackView; full?: boolean }) {
  const { destination } = repack;
  return (
    <Card withBorder padding="sm" component="section" aria-label={REPACK_UI.destination}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {REPACK_UI.destination} · {UNIT_LABELS[destination.type]}
          </Text>
          <Badge color={repack.state === 'REPACK_COMPLETE' ? 'green' : 'blue'} variant="light" style={{ flexShrink: 0 }}>
            {repackStateText(repack.state)}
          </Badge>
        </Group>
        <Text fw={700} ff="monospace" style={wrap} data-testid="destination-sscc">
          {destination.sscc}
        </Text>
        <Group gap="md">
          <Field label={REPACK_UI.packs}>
            <span data-testid="destination-packs">{repack.packs}</span>
          </Field>
          <Field label={REPACK_UI.moves}>{repack.moves}</Field>
        </Group>
        {repack.referenceNo && <Field label={REPACK_UI.referenceNo}>{repack.referenceNo}</Field>}
        {full && (
          <Field label={REPACK_UI.sourceSsccs}>
            {repack.sourceSsccs.length === 0 ? '-' : repack.sourceSsccs.map((sscc) => <div key={sscc}>{sscc}</div>)}
          </Field>
        )}
      </Stack>
    </Card>
  );
}

/** One unit standing on the destination: id, type, material (or '*Multiple...'), batch, expiry, packs. */
function UnitCard({ unit, action }: { unit: RepackUnit; action?: ReactNode }) {
  const details = [
    unit.materialName ?? unit.materialNo,
    unit.batchNo && `${FIELD_LABELS.batchNo} ${unit.batchNo}`,
    unit.expiry && `${FIELD_LABELS.expiry} ${unit.expiry}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder padding="xs" component="li" aria-label={`${UNIT_LABELS[unit.type]} ${unit.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={wrap}>
            {UNIT_LABELS[unit.type]} {unit.id}
          </Text>
          {details && (
            <Text size="xs" c="dimmed" style={wrap}>
              {details}
            </Text>
          )}
          <Text size="sm">
            {FIELD_LABELS.packs}: {unit.packs}
          </Text>
        </Stack>
        {action}
      </Group>
    </Card>
  );
}

/** What stands directly on the destination, most recently added first; `action` gives a row its button. */
export function ContentsList({ units, action }: { units: readonly RepackUnit[]; action?: (unit: RepackUnit) => ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={REPACK_UI.contents}>
      <Title order={2} size="h5">
        {REPACK_UI.contents} ({units.length})
      </Title>
      {units.length === 0 ? (
        <Text size="sm" c="dimmed">
          {REPACK_UI.noContents}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {units.map((unit) => (
            <UnitCard key={unit.id} unit={unit} action={action?.(unit)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
