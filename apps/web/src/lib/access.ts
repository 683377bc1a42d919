import {
  isAllowed,
  type Action,
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
  /** The action the page needs (a tool's page: creating a pallet, printing, a repack's scan). */
  action?: Action;
  /** A right outside the area tree (the admin screen). */
  right?: SystemRight;
  /** For pages outside an area: whose login page an anonymous user is sent to. */
  loginArea?: Application;
  session: SessionView;
  /** pathname + search, kept as returnPath for the login page */
  currentPath: string;
}

/**
 * The page guard (spec points 2 and 6): public pages open to all; otherwise an anonymous
 * user goes to the area's login page with returnPath, a user without the area to
 * /restricted (naming the area, `?area=`, when the account has another, as the login page does: the page
 * then says which area's role is missing and links to the account's own), and a user without the
 * page's module, feature, action or right to /403. A page
 * whose module is not known (a lite material page opened without its moduleID) needs its feature
 * in some module of the area, as `authorize` checks a requirement without a module.
 */
export function decideAccess({ area, module, feature, action, right, loginArea, session, currentPath }: AccessInput): AccessDecision {
  const guardedArea = area ?? (right ? (loginArea ?? 'RDC') : undefined);
  if (!guardedArea) return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  if (session.status === 'unauthenticated') {
    return { kind: 'redirect', to: `${AREA_LOGIN[guardedArea]}?returnPath=${encodeURIComponent(currentPath)}` };
  }
  const auth = session.authorization;
  if (right && !isAllowed({ right }, auth)) return { kind: 'redirect', to: '/403' };
  if (!area) return { kind: 'allow' };
  if (!auth.authorizedMicroApp.includes(area)) return { kind: 'redirect', to: restrictedPath(area, auth) };
  if (!isAllowed({ application: area, module, feature, action }, auth)) return { kind: 'redirect', to: '/403' };
  return { kind: 'allow' };
}

/** The no-access page for a user without `area`: `?area=` only when the account has another area to go to. */
function restrictedPath(area: Application, auth: Authorization): string {
  return auth.authorizedMicroApp.length ? `/restricted?area=${area}` : '/restricted';
}
