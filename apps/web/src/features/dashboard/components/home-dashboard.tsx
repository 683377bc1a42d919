import { Suspense } from 'react';
import { TOOL_NEEDS, type Application } from '@pharma/domain';
import { useCan } from '../../../lib/can.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';

/** The figures' code, loaded only for a user who sees them: the home and the scan pages do not carry it. */
const DashboardFigures = lazyNamed(() => import('./dashboard-figures.tsx'), 'DashboardFigures');

/**
 * The home dashboard for users with module REPORTS of the area (the gate of the reports themselves):
 * for anyone else nothing is loaded and nothing is asked of the server.
 */
export function HomeDashboard({ area }: { area: Application }) {
  const mayReport = useCan({ application: area, ...TOOL_NEEDS.reportsView });
  if (!mayReport) return null;
  return (
    <Suspense fallback={null}>
      <DashboardFigures area={area} />
    </Suspense>
  );
}
