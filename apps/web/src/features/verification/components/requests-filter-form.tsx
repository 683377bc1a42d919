import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { VERIFICATION_UI } from '../../../config/labels.ts';
import { periodError, SHOWS, type RequestsFilter, type Show } from '../requests-filter.ts';

const SHOW_LABELS: Record<Show, string> = {
  all: VERIFICATION_UI.showAll,
  alert: VERIFICATION_UI.showAlerts,
  pending: VERIFICATION_UI.showPending,
};

/**
 * Which requests the page lists: all, the alerts or the pending ones (a tap shows them at once), and the
 * period of request days (applied with Apply, refused with the reason when it cannot be); Clear lists all
 * again. The fields start from the page's query each time it changes.
 */
export function RequestsFilterForm({ filter, onApply }: { filter: RequestsFilter; onApply: (next: RequestsFilter) => void }) {
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [error, setError] = useState<string | undefined>();

  const apply = (show: Show) => {
    const refused = periodError(from, to);
    setError(refused);
    if (refused) return;
    onApply({ show, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(filter.show);
  };

  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate aria-label={VERIFICATION_UI.filters}>
      <Stack gap="xs">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="verification-show">
            {VERIFICATION_UI.show}
          </Text>
          <SegmentedControl
            aria-labelledby="verification-show"
            fullWidth
            value={filter.show}
            onChange={(value) => apply(SHOWS.find((show) => show === value) ?? 'all')}
            data={SHOWS.map((show) => ({ value: show, label: SHOW_LABELS[show] }))}
          />
        </Stack>
        <SimpleGrid cols={2} spacing="xs">
          <TextInput type="date" label={VERIFICATION_UI.from} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={VERIFICATION_UI.to} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        </SimpleGrid>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onApply({ show: 'all' })}>
            {VERIFICATION_UI.clear}
          </Button>
          <Button type="submit">{VERIFICATION_UI.apply}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
