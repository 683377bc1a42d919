import type { Application, Authorization } from '@pharma/domain';
import { AREA_HOME } from '../../config/routes.ts';
import { isSafePath } from '../../lib/back.ts';

/** Where a signed-in user goes from the login page: /restricted without the area, else returnPath or the area home. */
export function loginTarget(area: Application, auth: Authorization, returnPath: string | null): string {
  if (!auth.authorizedMicroApp.includes(area)) return '/restricted';
  if (isSafePath(returnPath) && !returnPath.startsWith(`${AREA_HOME[area]}/login`)) return returnPath;
  return AREA_HOME[area];
}
