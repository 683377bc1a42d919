import type { Application, Authorization } from '@pharma/domain';
import { AREA_HOME } from '../../config/routes.ts';
import { isSafePath } from '../../lib/back.ts';
import { areaOfPath } from '../../lib/route-meta.ts';

/**
 * Where a signed-in user goes from the login page: a returnPath outside any area (the admin
 * screen, which guards itself); else /restricted without the area (naming the area tried when the account
 * has another, so the page can point there), else returnPath or the area home.
 */
export function loginTarget(area: Application, auth: Authorization, returnPath: string | null): string {
  if (isSafePath(returnPath) && returnPath !== '/' && !areaOfPath(returnPath.split('?')[0] ?? '')) return returnPath;
  if (!auth.authorizedMicroApp.includes(area)) return auth.authorizedMicroApp.length ? `/restricted?area=${area}` : '/restricted';
  if (isSafePath(returnPath) && !returnPath.startsWith(`${AREA_HOME[area]}/login`)) return returnPath;
  return AREA_HOME[area];
}
