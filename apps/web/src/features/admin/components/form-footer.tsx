import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/** A form's submit button, kept in view at the foot of a full-screen dialog however long the form (issue 27). */
export function FormFooter({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Box>
  );
}
