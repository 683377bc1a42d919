import { isAllowed, type Requirement } from '@pharma/domain';
import type { SessionState } from './session.ts';
import { useSession } from './session.ts';

/**
 * Whether the signed-in user meets a requirement (spec point 6: without an action's
 * permission the action is hidden). Nobody meets anything while the session loads or when
 * signed out, except public requirements.
 */
export function can(requirement: Requirement, session: SessionState): boolean {
  if ('public' in requirement) return true;
  if (session.status !== 'authenticated') return false;
  return isAllowed(requirement, session.session.authorization);
}

/** The hook form of `can`, for hiding action controls (Scan, Complete, DeleteScannedItem ...). */
export function useCan(requirement: Requirement): boolean {
  return can(requirement, useSession());
}
