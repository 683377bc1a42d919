import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { UI } from '../config/labels.ts';
import type { RouteMeta } from '../config/routes.ts';
import { decideAccess } from '../lib/access.ts';
import { routeModule } from '../lib/route-meta.ts';
import { useSession } from '../lib/session.ts';

/** Guards a page by the route table: login, area entry and module permission. */
export function RequireAccess({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const params = useParams();
  const decision = decideAccess({
    area: meta.public ? undefined : meta.area,
    module: routeModule(meta, params),
    session: session.status === 'authenticated' ? { status: 'authenticated', authorization: session.session.authorization } : session,
    currentPath: `${location.pathname}${location.search}`,
  });
  if (decision.kind === 'wait') {
    return (
      <Center py="xl">
        <Loader aria-label={UI.loading} />
      </Center>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
