import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';

/** A grid of large touch targets: two columns on a handheld, more on wider screens. */
export function TileGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </nav>
  );
}
