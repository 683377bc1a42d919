import type { ReactNode } from 'react';
import { PageLoader } from '../components/ui/plain.tsx';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { UI } from '../config/labels.ts';
import type { RouteMeta } from '../config/routes.ts';
import { decideAccess } from '../lib/access.ts';
import { readLastArea } from '../lib/client-state.ts';
import { routeModule } from '../lib/route-meta.ts';
import { useSession } from '../lib/session.ts';

/** Guards a page by the route table: login, area entry, then module, feature or right. */
export function RequireAccess({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const decision = decideAccess({
    area: meta.public ? undefined : meta.area,
    module: meta.public ? undefined : routeModule(meta, params, search),
    feature: meta.public ? undefined : meta.feature,
    action: meta.public ? undefined : meta.action,
    right: meta.public ? undefined : meta.right,
    loginArea: readLastArea(),
    session: session.status === 'authenticated' ? { status: 'authenticated', authorization: session.session.authorization } : session,
    currentPath: `${location.pathname}${location.search}`,
  });
  if (decision.kind === 'wait') {
    return <PageLoader label={UI.loading} />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
