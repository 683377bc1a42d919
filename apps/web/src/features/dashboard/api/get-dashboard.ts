import { useQuery } from '@tanstack/react-query';
import type { Application } from '@pharma/domain';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { DashboardReport } from '../../../lib/api/contract/reports.ts';

/** GET /api/reports/dashboard of the area: the four figures, read again at most once a minute while the home is shown. */
export function useDashboard(area: Application) {
  return useQuery({
    queryKey: ['dashboard', area],
    queryFn: () => api.get('/api/reports/dashboard', { query: areaQuery(area), parse: (raw) => DashboardReport.parse(raw) }),
    staleTime: 60_000,
  });
}
