import { isAllowed, type Application, type Authorization, type ModuleCode } from '@pharma/domain';
import { AREA_LOGIN } from '../config/routes.ts';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string };

export interface AccessInput {
  /** undefined for public pages */
  area: Application | undefined;
  module: ModuleCode | undefined;
  session: { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; authorization: Authorization };
  /** pathname + search, kept as returnPath for the login page */
  currentPath: string;
}

/**
 * The page guard (spec points 2 and 6): public pages open to all; otherwise an anonymous
 * user goes to the area's login page with returnPath, a user without the area to
 * /restricted, and a user without the page's module to /403.
 */
export function decideAccess({ area, module, session, currentPath }: AccessInput): AccessDecision {
  if (!area) return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  if (session.status === 'unauthenticated') {
    return { kind: 'redirect', to: `${AREA_LOGIN[area]}?returnPath=${encodeURIComponent(currentPath)}` };
  }
  if (!session.authorization.authorizedMicroApp.includes(area)) return { kind: 'redirect', to: '/restricted' };
  if (module && !isAllowed({ application: area, module }, session.authorization)) return { kind: 'redirect', to: '/403' };
  return { kind: 'allow' };
}
