import { Stack, Text } from '@mantine/core';

/** A labelled number or date of a document or line. */
export function Figure({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value ?? '–'}
      </Text>
    </Stack>
  );
}
