import { useState, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { Application } from '@pharma/domain';
import { UI } from '../../../config/labels.ts';
import { TILES, type NavEntry } from '../../../config/navigation.ts';
import { RepackDialog } from '../../../components/ui/repack-dialog.tsx';
import { ModuleIcon } from '../../../components/ui/icons.tsx';
import { Tile } from '../../../components/ui/tile.tsx';
import { TileGrid } from '../../../components/ui/tile-grid.tsx';
import { resetDispatchState } from '../../../lib/client-state.ts';
import { visibleEntries } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The area home: one tile per module the user may use (spec point 2), under `dashboard` when the app
 * gives one (the figures of users with REPORTS, features/dashboard: a feature imports no other).
 */
export function HomePage({ area, dashboard }: { area: Application; dashboard?: ReactNode }) {
  const session = useSession();
  const [repackOpen, setRepackOpen] = useState(false);
  if (session.status !== 'authenticated') {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }

  const tile = (entry: NavEntry) => {
    const { action } = entry;
    const icon = <ModuleIcon module={entry.icon ?? entry.module} />;
    if (action.kind === 'repack') return <Tile key={entry.label} label={entry.label} icon={icon} onClick={() => setRepackOpen(true)} />;
    const onClick = action.resetDispatch ? () => resetDispatchState() : undefined;
    return <Tile key={entry.label} label={entry.label} icon={icon} to={action.to} onClick={onClick} />;
  };

  return (
    <>
      {dashboard}
      <TileGrid label={UI.homeTiles}>{visibleEntries(TILES[area], area, session.session.authorization).map(tile)}</TileGrid>
      <RepackDialog opened={repackOpen} onClose={() => setRepackOpen(false)} />
    </>
  );
}
