import { useState, type RefObject } from 'react';
import { SegmentedControl } from '../../../components/ui/plain.tsx';
import { useSearchParams } from 'react-router';
import { UNIT_LABELS, type IdType, type UnitType } from '@pharma/domain';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { ScanField, type ScanFieldHandle } from '../../../components/ui/scan-field.tsx';
import { UNIT_PARAM } from '../../../lib/unit-codes.ts';

/** The unit picker's 'Any': no type picked, the server finds each code's level (decision 0065). */
export const ANY_UNIT = 'ANY';

export interface UnitScanControlsProps {
  field: RefObject<ScanFieldHandle | null>;
  /** The unit types offered, in the spec's order (PLT, CTN, EA); 'Any' is offered with more than one. */
  units: readonly UnitType[];
  /** The type picked (in the URL, ?unit=), or none: each code's level is read from it. */
  unit: UnitType | undefined;
  onScan: (scan: { raw: string; unit: UnitType | undefined; idType: IdType }) => void;
}

/**
 * A unit scan's controls, as every family's scan page has them (decisions 0007, 0065): the unit picker
 * (kept in the URL, in place, so Back leaves the page rather than stepping through picks), GS1 or
 * not, and the scan field (hardware scanner, keyboard wedge, camera; ?camera=1 shows the camera view
 * whatever the Barcode Scanner setting says).
 */
export function UnitScanControls({ field, units, unit, onScan }: UnitScanControlsProps) {
  const [search, setSearch] = useSearchParams();
  const [idType, setIdType] = useState<IdType>('GS1');
  const forceCamera = search.get('camera') === '1';
  return (
    <>
      <SegmentedControl
        fullWidth
        aria-label={DOCUMENT_UI.unitType}
        value={unit ?? ANY_UNIT}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          if (value === ANY_UNIT) next.delete(UNIT_PARAM);
          else next.set(UNIT_PARAM, value);
          setSearch(next, { replace: true, preventScrollReset: true });
          field.current?.focus();
        }}
        data={[
          ...(units.length > 1 ? [{ value: ANY_UNIT, label: DOCUMENT_UI.anyUnit }] : []),
          ...units.map((type) => ({ value: type, label: UNIT_LABELS[type] })),
        ]}
      />
      <SegmentedControl
        size="xs"
        aria-label={DOCUMENT_UI.idType}
        value={idType}
        onChange={(value) => {
          setIdType(value as IdType);
          field.current?.focus();
        }}
        data={[
          { value: 'GS1', label: DOCUMENT_UI.gs1 },
          { value: 'NON_GS1', label: DOCUMENT_UI.nonGs1 },
        ]}
      />
      <ScanField
        ref={field}
        camera={forceCamera ? 'force' : true}
        label={fillLabel(DOCUMENT_UI.scanLabel, { unit: unit ? UNIT_LABELS[unit] : DOCUMENT_UI.item })}
        placeholder={DOCUMENT_UI.scanPlaceholder}
        submitLabel={DOCUMENT_UI.scan}
        onScan={(raw) => onScan({ raw, unit, idType })}
      />
    </>
  );
}
