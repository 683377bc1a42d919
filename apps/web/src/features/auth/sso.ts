import { type Application } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import type { SsoError } from '@pharma/domain/contract/sso';
import { AREA_HOME } from '../../config/routes.ts';
import { apiUrl } from '../../lib/api/paths.ts';
import { ReturnPath, SSO_ERRORS } from '../../lib/api/contract/sso.ts';

/** Where "Sign in with your organisation" goes: a full navigation to the server, which redirects to the provider. */
export function ssoStartUrl(area: Application, returnPath: string | null): string {
  const home = AREA_HOME[area];
  const usable = returnPath && ReturnPath.safeParse(returnPath).success && !returnPath.startsWith(`${home}/login`) ? returnPath : home;
  return apiUrl('/api/sso/start', { query: { area: area.toLowerCase() as Lowercase<Application>, returnPath: usable } });
}

/** The text of `?sso_error=CODE` (with `email` for SSO_NO_ACCOUNT) on a login page, or undefined. */
export function ssoErrorText(search: URLSearchParams): string | undefined {
  const code = search.get('sso_error');
  if (!code || !(SSO_ERRORS as readonly string[]).includes(code)) return undefined;
  return message(code as SsoError, { email: search.get('email') ?? '' });
}
