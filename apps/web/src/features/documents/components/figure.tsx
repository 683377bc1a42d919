import { Stack, Text } from '@mantine/core';

/** A labelled number or date of a document or line: a group named by its label, so it reads "Expected Qty 12". */
export function Figure({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid="figure-value">
        {value ?? '–'}
      </Text>
    </Stack>
  );
}
