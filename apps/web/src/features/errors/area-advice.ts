import { APPLICATIONS, message, type Application, type Authorization } from '@pharma/domain';
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

/**
 * An account no administrator has granted an area yet (a self-registered one, decision 0057): the
 * spec's text that the admin must grant it. Undefined for an anonymous user or one with an area.
 */
export function awaitingGrant(auth: Authorization | undefined): string | undefined {
  return auth && auth.authorizedMicroApp.length === 0 ? message('MODULE_NOT_AUTHORIZED') : undefined;
}
