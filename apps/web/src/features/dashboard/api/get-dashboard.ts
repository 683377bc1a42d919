import { useQuery } from '@tanstack/react-query';
import type { Application } from '@pharma/domain';
import { DashboardReport } from '@pharma/domain/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';

/** GET /api/reports/dashboard of the area: the four figures, read again at most once a minute while the home is shown. */
export function useDashboard(area: Application) {
  const path = withArea('/api/reports/dashboard', area);
  return useQuery({
    queryKey: ['dashboard', path],
    queryFn: () => api.request<DashboardReport>(path, { parse: (raw) => DashboardReport.parse(raw) }),
    staleTime: 60_000,
  });
}
