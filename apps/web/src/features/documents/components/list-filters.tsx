import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { DOCUMENT_STATUSES, type DocumentStatus } from '@pharma/domain';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { checkDateRange } from '../list-query.ts';

export interface ListFiltersProps {
  query: ListQuery;
  /** The family's sort option by number ('IBD No.', 'OBD No.', 'SN No.' …). */
  sortNumber: string;
  onApply: (change: Pick<ListQuery, 'status' | 'sort' | 'from' | 'to'>) => void;
}

/** Date range (under one year), status checkboxes and sort: Most Recent or the family's number (spec points 3 and 9). */
export function ListFilters({ query, sortNumber, onApply }: ListFiltersProps) {
  const initial = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
  const [statuses, setStatuses] = useState<string[]>(initial);
  const [sort, setSort] = useState<string>(query.sort);
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [error, setError] = useState<string | undefined>();

  const apply = () => {
    const check = checkDateRange(from, to);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(undefined);
    onApply({
      status: statuses.length ? (statuses as DocumentStatus[]) : undefined,
      sort: sort === 'number' ? 'number' : 'recent',
      from: from || undefined,
      to: to || undefined,
    });
  };

  const clear = () => {
    setStatuses([]);
    setSort('recent');
    setFrom('');
    setTo('');
    setError(undefined);
    onApply({ status: undefined, sort: 'recent', from: undefined, to: undefined });
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group grow gap="xs">
          <TextInput type="date" label={DOCUMENT_UI.from} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={DOCUMENT_UI.to} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Checkbox.Group label={DOCUMENT_UI.statusFilter} value={statuses} onChange={setStatuses}>
          <Group gap="sm" mt={4}>
            {DOCUMENT_STATUSES.map((status) => (
              <Checkbox key={status} value={status} label={status} />
            ))}
          </Group>
        </Checkbox.Group>
        <Radio.Group label={DOCUMENT_UI.sortBy} value={sort} onChange={setSort}>
          <Group gap="sm" mt={4}>
            <Radio value="recent" label={DOCUMENT_UI.sortRecent} />
            <Radio value="number" label={sortNumber} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={clear}>
            {DOCUMENT_UI.clearFilter}
          </Button>
          <Button onClick={apply}>{DOCUMENT_UI.applyFilter}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
