import { APPLICATIONS, type Application, type Authorization } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import { UI } from '../../config/labels.ts';
import { AREA_HOME } from '../../config/routes.ts';

const AREA_NAME: Record<Application, string> = { RDC: UI.rdcArea, LDC: UI.ldcArea };

export interface AreaAdvice {
  text: string;
  links: { to: string; label: string }[];
}

/**
 * The no-access page after signing in at the other area's login: which area the account may use, with
 * a link to each. Undefined when no area was tried, the account has it, or it has none.
 */
export function areaAdvice(tried: string | null, auth: Authorization | undefined): AreaAdvice | undefined {
  const area = APPLICATIONS.find((a) => a === tried);
  if (!area || !auth || auth.authorizedMicroApp.includes(area)) return undefined;
  const allowed = APPLICATIONS.filter((a) => auth.authorizedMicroApp.includes(a));
  if (allowed.length === 0) return undefined;
  return {
    text: message('ACCOUNT_OTHER_AREA', { tried: AREA_NAME[area], areas: allowed.map((a) => AREA_NAME[a]).join(', ') }),
    links: allowed.map((a) => ({ to: AREA_HOME[a], label: AREA_NAME[a] })),
  };
}

/** Why a signed-in user sees the no-access page, and what they can do about it. */
export type NoAccess =
  /** No role at all (a new or self-registered account, decision 0057): no site opens; only signing out leads anywhere. */
  | { kind: 'noRole'; text: string }
  /** Roles in another area than the one tried: the other area's links come from `areaAdvice`. */
  | { kind: 'noRoleInArea'; text: string }
  /** A role in the area but none that opens this page: home is the way on. */
  | { kind: 'noRoleForPage'; text: string; home: string };

/**
 * What happened and whom to ask (issue 27): 'Go to home' from the no-access page led an account with
 * no role back to the site chooser, and from there here again, with no word of why. Undefined for an
 * anonymous visitor (the spec's text is all there is to say).
 */
export function noAccess(
  tried: string | null,
  user: { email: string } | undefined,
  auth: Authorization | undefined,
  lastArea?: Application,
): NoAccess | undefined {
  if (!user || !auth) return undefined;
  const allowed = APPLICATIONS.filter((a) => auth.authorizedMicroApp.includes(a));
  if (allowed.length === 0) return { kind: 'noRole', text: message('NO_ROLE_AT_ALL', { email: user.email }) };
  const area = APPLICATIONS.find((a) => a === tried);
  if (area && !allowed.includes(area)) return { kind: 'noRoleInArea', text: message('NO_ROLE_IN_AREA', { area: AREA_NAME[area] }) };
  const home = AREA_HOME[lastArea && allowed.includes(lastArea) ? lastArea : allowed[0]!];
  return { kind: 'noRoleForPage', text: message('NO_ROLE_FOR_PAGE', { email: user.email }), home };
}
