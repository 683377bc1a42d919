import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export interface StatusScreenProps {
  code?: number | string;
  title: string;
  text: string;
  /** A way on: usually a link home. */
  action?: ReactNode;
}

/** The body of the no-access, not-found, error and "not available yet" screens. */
export function StatusScreen({ code, title, text, action }: StatusScreenProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" role="status">
      {code !== undefined && (
        <Text fz={48} fw={700} c="dimmed" lh={1}>
          {code}
        </Text>
      )}
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text>{text}</Text>
      {action}
    </Stack>
  );
}
