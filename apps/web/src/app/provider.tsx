import { useState, type ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from './error-boundary.tsx';
import { createQueryClient } from './query-client.ts';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', focusRing: 'auto' });

/** Theme, server state and the outer error boundary. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
