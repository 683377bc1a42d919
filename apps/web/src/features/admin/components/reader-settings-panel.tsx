import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { message } from '../../../i18n/language.ts';
import type { ReaderSettings } from '@pharma/domain/contract/readers';
import { UI } from '../../../config/labels.ts';
import { useReaderSettingsList, useSaveReaderSettings, useWarehouses } from '../api/reader-settings.ts';
import { ErrorAlert } from './error-alert.tsx';

interface Draft {
  reader: string;
  prefix: string;
  strip00: boolean;
  bareSscc: boolean;
}

/** A long reader name or prefix wraps inside its cell instead of widening the table past 360 px. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const BLANK: Draft = { reader: '', prefix: '', strip00: false, bareSscc: false };

function draftOf(row: ReaderSettings): Draft {
  return { reader: row.reader, prefix: row.prefix ?? '', strip00: row.strip00, bareSscc: row.bareSscc };
}

/**
 * The Reader settings tab (decisions 0042, 0051): per warehouse, its own settings (every reader) and
 * each reader's: the prefix removed in Non-GS1 mode, '00' removed from a 20-character code, and a
 * bare SSCC accepted in carton and pallet mode. The server keeps them, audits every change and
 * decodes that warehouse's scans with them; scan pages fetch them to check codes the same way.
 */
export function ReaderSettingsPanel() {
  const warehouses = useWarehouses();
  const [warehouseNo, setWarehouseNo] = useState<string | null>(null);
  const rows = useReaderSettingsList(warehouseNo);
  const save = useSaveReaderSettings();
  const [draft, setDraft] = useState<Draft>(BLANK);
  const edit = (next: Draft) => {
    setDraft(next);
    save.reset();
  };

  return (
    <Stack gap="md">
      <Select
        label={UI.readerWarehouse}
        searchable
        value={warehouseNo}
        onChange={(value) => {
          setWarehouseNo(value);
          edit(BLANK);
        }}
        data={(warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} ${w.name} (${w.area})` }))}
      />
      <ErrorAlert error={warehouses.error ?? rows.error} />
      {warehouseNo !== null &&
        (rows.isPending ? (
          <Center py="md">
            <Loader aria-label={UI.loading} />
          </Center>
        ) : rows.data?.length === 0 ? (
          <Text c="dimmed">{UI.noReaderSettings}</Text>
        ) : (
          // Four narrow columns, Edit under each reader's name: the table fits 360 px with no sideways swipe (issue 27).
          <Table aria-label={UI.readerSettings} striped horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{UI.reader}</Table.Th>
                <Table.Th>{UI.readerPrefix}</Table.Th>
                <Table.Th title={UI.readerStrip00}>{UI.readerStrip00Short}</Table.Th>
                <Table.Th title={UI.readerBareSscc}>{UI.readerBareSsccShort}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows.data ?? []).map((row) => {
                const name = row.reader === '' ? UI.everyReader : row.reader;
                return (
                  <Table.Tr key={row.reader}>
                    <Table.Td style={BREAK_ANYWHERE}>
                      <Stack gap={4} align="flex-start">
                        <span>{name}</span>
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={`${UI.editReaderSettings} ${name}`}
                          onClick={() => edit(draftOf(row))}
                        >
                          {UI.editReaderSettings}
                        </Button>
                      </Stack>
                    </Table.Td>
                    <Table.Td style={BREAK_ANYWHERE}>{row.prefix ?? '-'}</Table.Td>
                    <Table.Td>{row.strip00 ? UI.yes : UI.no}</Table.Td>
                    <Table.Td>{row.bareSscc ? UI.yes : UI.no}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ))}
      {warehouseNo !== null && (
        <Card withBorder padding="md">
          <form
            aria-label={UI.readerSettings}
            onSubmit={(event) => {
              event.preventDefault();
              const prefix = draft.prefix === '' ? null : draft.prefix;
              save.mutate({ warehouseNo, reader: draft.reader.trim(), body: { prefix, strip00: draft.strip00, bareSscc: draft.bareSscc } });
            }}
          >
            <Stack gap="sm">
              <TextInput
                label={UI.reader}
                description={UI.readerHint}
                maxLength={100}
                value={draft.reader}
                onChange={(event) => edit({ ...draft, reader: event.currentTarget.value })}
              />
              <TextInput
                label={UI.readerPrefix}
                description={UI.readerPrefixHint}
                maxLength={20}
                value={draft.prefix}
                onChange={(event) => edit({ ...draft, prefix: event.currentTarget.value })}
              />
              <Switch
                label={UI.readerStrip00}
                checked={draft.strip00}
                onChange={(event) => edit({ ...draft, strip00: event.currentTarget.checked })}
              />
              <Switch
                label={UI.readerBareSscc}
                checked={draft.bareSscc}
                onChange={(event) => edit({ ...draft, bareSscc: event.currentTarget.checked })}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {UI.save}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      <ErrorAlert error={save.error} />
      {save.isSuccess && (
        <Alert color="green" role="status">
          {message('SETTINGS_UPDATED')}
        </Alert>
      )}
    </Stack>
  );
}
