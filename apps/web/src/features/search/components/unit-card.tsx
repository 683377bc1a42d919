import { Suspense, type ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TOOL_NEEDS, UNIT_LABELS } from '@pharma/domain';
import type { Area, UnitView } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { useCan } from '../../../lib/can.ts';
import { localDay } from '../../../lib/local-day.ts';
import { parseUnitId, unitPath, unitText } from '../../../lib/unit-codes.ts';
import { identifierOf, packCodeFor } from '../search-target.ts';
import { AnnouncedNote } from './announced-note.tsx';
import { EditStatus } from './edit-status.tsx';
import { HeldBatches } from './held-batches.tsx';
import { UnitHistory } from './unit-history.tsx';
import { UnitStatusBadge } from './unit-status-badge.tsx';

/** Who may change an item's status in an area: the EditItemStatus action of the area's receiving (spec point 6). */
const editItemStatus = (area: Area) => ({ application: area, ...TOOL_NEEDS.editItemStatus }) as const;

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value ?? '–'}
      </Text>
    </Stack>
  );
}

/**
 * An action another feature gives a pack's card ('Verify pack', issue 28), handed the pack's code: the app
 * passes it in, as a feature imports no other. Its code may load on first show (a lazy chunk).
 */
export type PackAction = (pack: { code: string }) => ReactNode;

export interface UnitCardProps {
  unit: UnitView;
  /** The area the unit is shown in: its links lead to that area's pages, its status is edited there. */
  area: Area;
  /** Hides the contents (shown as a separate list on pallet and carton pages). */
  hideChildren?: boolean;
  hideHistory?: boolean;
  packAction?: PackAction;
  /** The scan that found the unit (search's ?code=): a pack's action sends it when it names this pack. */
  scanned?: string;
}

/** A unit as search shows it: identity, status, product, tree, history and the status editor. */
export function UnitCard({ unit, area, hideChildren, hideHistory, packAction, scanned }: UnitCardProps) {
  const mayEdit = useCan(editItemStatus(area));
  const packActionCode = packAction && packCodeFor(unit, scanned, localDay());
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${UNIT_LABELS[unit.type]} ${identifierOf(unit)}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {UNIT_LABELS[unit.type]}
            </Text>
            <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {identifierOf(unit)}
            </Text>
          </Stack>
          <UnitStatusBadge status={unit.status} />
        </Group>
        <HeldBatches unit={unit} area={area} />
        <AnnouncedNote unit={unit} />
        <SimpleGrid cols={2} spacing="xs">
          <Field label={FIELD_LABELS.reason} value={unit.reason} />
          <Field label={FIELD_LABELS.warehouseNo} value={unit.warehouseNo} />
          <Field label={FIELD_LABELS.materialNo} value={unit.materialNo} />
          <Field label={FIELD_LABELS.batchNo} value={unit.batchNo} />
          <Field label={FIELD_LABELS.expiry} value={unit.expiry} />
          <Field label={FIELD_LABELS.packs} value={unit.packs} />
        </SimpleGrid>
        <Field label={FIELD_LABELS.materialName} value={unit.materialName} />
        {unit.parent && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {FIELD_LABELS.parent}
            </Text>
            <Anchor component={Link} to={unitPath(parseUnitId(unit.parent.id), unit.parent.type, area)} size="sm" ff="monospace">
              {UNIT_LABELS[unit.parent.type]} {unitText(parseUnitId(unit.parent.id))}
            </Anchor>
          </Stack>
        )}
        {!hideChildren && unit.children.length > 0 && <UnitChildren unit={unit} area={area} />}
        {packAction && packActionCode && <Suspense fallback={null}>{packAction({ code: packActionCode })}</Suspense>}
        {mayEdit && <EditStatus unit={unit} area={area} />}
        {!hideHistory && <UnitHistory history={unit.history} />}
      </Stack>
    </Card>
  );
}

/** The units directly inside a pallet or carton, each linking to its page. */
export function UnitChildren({ unit, area, title = FIELD_LABELS.children }: { unit: UnitView; area: Area; title?: string }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text size="xs" c="dimmed">
        {title} ({unit.children.length})
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {unit.children.map((child) => {
          const ref = parseUnitId(child.id);
          return (
            <Group key={child.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={unitPath(ref, child.type, area)} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {UNIT_LABELS[child.type]} {unitText(ref)}
              </Anchor>
              <UnitStatusBadge status={child.status} />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
