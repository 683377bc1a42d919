import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import type { EditableStatus } from '@pharma/domain';
import type { Area, UnitView } from '@pharma/domain/contract/inventory';
import { fillLabel, SEARCH_UI } from '../../../config/labels.ts';
import { useSetItemStatus } from '../api/item-status.ts';
import { codeOfUnit } from '../search-target.ts';

/** 'Edit status': offers exactly the statuses the server allows for this unit (spec point 4's table). */
export function EditStatus({ unit, area }: { unit: UnitView; area: Area }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<EditableStatus>(unit.editableStatuses[0] ?? 'ACTIVE');
  const [reason, setReason] = useState('');
  const save = useSetItemStatus(area);
  const code = codeOfUnit(unit);
  if (!code || unit.editableStatuses.length === 0) return null;

  return (
    <Stack gap="xs">
      {save.isSuccess && (
        <Alert color="green" role="status">
          {fillLabel(SEARCH_UI.statusSaved, { status: save.data.status })}
        </Alert>
      )}
      {!open ? (
        <Button variant="light" onClick={() => setOpen(true)}>
          {SEARCH_UI.editStatus}
        </Button>
      ) : (
        <Paper withBorder p="sm">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                { code, unit: unit.type, status, ...(reason.trim() ? { reason: reason.trim() } : {}) },
                { onSuccess: () => setOpen(false) },
              );
            }}
          >
            <Stack gap="xs">
              <NativeSelect
                label={SEARCH_UI.newStatus}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as EditableStatus)}
                data={unit.editableStatuses}
              />
              <TextInput
                label={SEARCH_UI.statusReason}
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              {save.isError && (
                <Alert color="red" role="alert">
                  {save.error.message}
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setOpen(false)}>
                  {SEARCH_UI.cancel}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {SEARCH_UI.save}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
