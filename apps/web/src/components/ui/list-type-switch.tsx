import { SegmentedControl } from '@mantine/core';
import { UI } from '../../config/labels.ts';
import { LIST_TYPES } from '../../config/navigation.ts';
import { useDispatchState, writeDispatchState } from '../../lib/client-state.ts';

/**
 * The list type switch of the local dispatch list (OBD List, WO List): it writes the stored isWo flag
 * and list type, which the list and details titles read (spec point 2). Dispatch and ScanLite in the
 * menu reset it to OBD List.
 */
export function ListTypeSwitch() {
  const { listType } = useDispatchState();
  const current = LIST_TYPES.find((type) => type.label === listType) ?? LIST_TYPES[0];
  return (
    <SegmentedControl
      fullWidth
      aria-label={UI.listType}
      value={current.label}
      onChange={(label) => {
        const next = LIST_TYPES.find((type) => type.label === label);
        if (next) writeDispatchState({ isWo: next.isWo, listType: next.label });
      }}
      data={LIST_TYPES.map((type) => ({ value: type.label, label: type.isWo ? UI.woList : UI.obdList }))}
    />
  );
}
