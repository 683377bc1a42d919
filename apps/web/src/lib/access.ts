import {
  AREA_MODULES,
  isAllowed,
  MODULE_FEATURES,
  type Application,
  type Authorization,
  type Feature,
  type ModuleCode,
  type SystemRight,
} from '@pharma/domain';
import { AREA_LOGIN } from '../config/routes.ts';

export type AccessDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export type SessionView = { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; authorization: Authorization };

export interface AccessInput {
  /** undefined for public pages and for pages outside an area */
  area: Application | undefined;
  module: ModuleCode | undefined;
  /** The feature the page needs (List, DetailsPage, ...). */
  feature?: Feature;
  /** A right outside the area tree (the admin screen). */
  right?: SystemRight;
  /** For pages outside an area: whose login page an anonymous user is sent to. */
  loginArea?: Application;
  session: SessionView;
  /** pathname + search, kept as returnPath for the login page */
  currentPath: string;
}

/**
 * A page that needs a feature but whose module is not known (a lite material page opened
 * without its moduleID): allowed when some module of the area that can have the feature
 * grants it to the user.
 */
export function hasFeatureInArea(application: Application, feature: Feature, auth: Authorization): boolean {
  return AREA_MODULES[application].some(
    (module) => MODULE_FEATURES[module].includes(feature) && isAllowed({ application, module, feature }, auth),
  );
}

/**
 * The page guard (spec points 2 and 6): public pages open to all; otherwise an anonymous
 * user goes to the area's login page with returnPath, a user without the area to
 * /restricted, and a user without the page's module, feature or right to /403.
 */
export function decideAccess({ area, module, feature, right, loginArea, session, currentPath }: AccessInput): AccessDecision {
  const guardedArea = area ?? (right ? (loginArea ?? 'RDC') : undefined);
  if (!guardedArea) return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  if (session.status === 'unauthenticated') {
    return { kind: 'redirect', to: `${AREA_LOGIN[guardedArea]}?returnPath=${encodeURIComponent(currentPath)}` };
  }
  const auth = session.authorization;
  if (right && !isAllowed({ right }, auth)) return { kind: 'redirect', to: '/403' };
  if (!area) return { kind: 'allow' };
  if (!auth.authorizedMicroApp.includes(area)) return { kind: 'redirect', to: '/restricted' };
  if (module && !isAllowed({ application: area, module, feature }, auth)) return { kind: 'redirect', to: '/403' };
  if (!module && feature && !hasFeatureInArea(area, feature, auth)) return { kind: 'redirect', to: '/403' };
  return { kind: 'allow' };
}
