import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Area } from '@pharma/domain/contract/inventory';
import { REPORTS_UI } from '../../../config/labels.ts';
import { useAreaWarehouses } from '../../../lib/new-unit-api.ts';
import { reportFields, type ReportChoice, type ReportFilterField } from '../report-filters.ts';

/**
 * The filters of the chosen report: a warehouse of the area (all by default), material and batch where
 * the report applies them, and the dates it reads. Apply shows the report with them (the page's query
 * changes, so Back returns to the previous ones); Clear shows it unfiltered. The fields start from the
 * query each time. The warehouses are the area's from the reference list, as 'Create New Pallet SSCC' offers them.
 */
export function ReportFiltersForm({ area, choice, onApply }: { area: Area; choice: ReportChoice; onApply: (next: ReportChoice) => void }) {
  const [draft, setDraft] = useState<ReportChoice>(choice);
  const warehouses = useAreaWarehouses(area);
  const set = (field: ReportFilterField) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const options = [
    { value: '', label: REPORTS_UI.allWarehouses },
    ...(warehouses.data ?? []).map((w) => ({ value: w.warehouseNo, label: `${w.warehouseNo} · ${w.name}` })),
  ];
  // A warehouse a link names that the area's list lacks stays chosen: the report says it is unknown.
  if (draft.warehouseNo && !options.some((o) => o.value === draft.warehouseNo)) {
    options.push({ value: draft.warehouseNo, label: draft.warehouseNo });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  const field = (name: ReportFilterField) => {
    switch (name) {
      case 'warehouseNo':
        return (
          <NativeSelect
            key={name}
            label={REPORTS_UI.warehouse}
            data={options}
            value={draft.warehouseNo ?? ''}
            onChange={(event) => set(name)(event.currentTarget.value)}
            style={{ gridColumn: 'span 2' }}
          />
        );
      case 'materialNo':
      case 'batchNo':
        return (
          <TextInput
            key={name}
            label={REPORTS_UI[name]}
            value={draft[name] ?? ''}
            onChange={(event) => set(name)(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize={name === 'batchNo' ? 'characters' : undefined}
            maxLength={40}
          />
        );
      default:
        return (
          <TextInput
            key={name}
            type="date"
            label={REPORTS_UI[name]}
            value={draft[name] ?? ''}
            onChange={(event) => set(name)(event.currentTarget.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={REPORTS_UI.filters}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" verticalSpacing="xs">
        {reportFields(choice.report).map(field)}
      </SimpleGrid>
      <Group gap="xs" mt="xs">
        <Button type="submit">{REPORTS_UI.apply}</Button>
        <Button variant="default" onClick={() => onApply({ report: choice.report })}>
          {REPORTS_UI.clear}
        </Button>
      </Group>
    </form>
  );
}
