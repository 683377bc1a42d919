import { memo, useEffect, useState } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text, Title } from '../../../components/ui/plain.tsx';
import type { UnitType } from '@pharma/domain';
import type { Area, DocumentLine } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { Confirm, preloadConfirm } from '../../../components/ui/confirm.tsx';
import { unitPath, unitText } from '../../../lib/unit-codes.ts';
import { scannedUnits, type ScannedUnit } from '../lines.ts';

export interface ScannedUnitsProps {
  lines: readonly DocumentLine[];
  /** The area whose unit pages the units link to. */
  area: Area;
  /** Unit types learnt from this visit's scans, by SSCC, to link pallets and cartons directly. */
  types?: ReadonlyMap<string, UnitType>;
  /** Shown when the user may delete scanned items and the document is not completed. */
  onDelete?: (unit: ScannedUnit) => void;
  deleting?: string;
}

/**
 * The units scanned on the document, each linking to its details, with a delete button when permitted
 * (it asks first); re-renders only when its props change.
 */
export const ScannedUnits = memo(function ScannedUnits({ lines, area, types, onDelete, deleting }: ScannedUnitsProps) {
  const units = scannedUnits(lines);
  const [confirming, setConfirming] = useState<ScannedUnit | undefined>();
  // The question's dialog is a chunk of its own: fetched once there is a unit to delete, before anyone asks.
  const mayAsk = onDelete !== undefined && units.length > 0;
  useEffect(() => {
    if (mayAsk) preloadConfirm();
  }, [mayAsk]);
  return (
    <Stack gap="xs" as="section" aria-label={DOCUMENT_UI.scannedUnits}>
      <Title order={2} size="h5">
        {DOCUMENT_UI.scannedUnits} ({units.length})
      </Title>
      {units.length === 0 ? (
        <Text dimmed size="sm">
          {DOCUMENT_UI.noScannedUnits}
        </Text>
      ) : (
        <Stack gap={4} as="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {units.map((unit) => {
            const type = unit.ref.kind === 'sscc' ? types?.get(unit.ref.sscc) : undefined;
            return (
              <Group key={unit.id} as="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor to={unitPath(unit.ref, type, area)} size="sm" mono style={{ overflowWrap: 'anywhere' }}>
                    {unitText(unit.ref)}
                  </Anchor>
                  <Text size="xs" dimmed>
                    {unit.materials.join(', ')}
                  </Text>
                </Stack>
                {onDelete && (
                  <ActionIcon
                    variant="light"
                    color="red"
                    size={40}
                    aria-label={fillLabel(DOCUMENT_UI.deleteLabel, { id: unitText(unit.ref) })}
                    loading={deleting === unit.id}
                    onClick={() => setConfirming(unit)}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {confirming && onDelete && (
        <Confirm
          title={fillLabel(DOCUMENT_UI.deleteTitle, { id: unitText(confirming.ref) })}
          text={fillLabel(DOCUMENT_UI.deleteText, { id: unitText(confirming.ref) })}
          keepLabel={DOCUMENT_UI.keep}
          confirmLabel={DOCUMENT_UI.confirmDelete}
          onKeep={() => setConfirming(undefined)}
          onConfirm={() => {
            setConfirming(undefined);
            onDelete(confirming);
          }}
        />
      )}
    </Stack>
  );
});
