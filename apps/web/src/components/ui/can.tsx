import type { ReactNode } from 'react';
import type { Requirement } from '@pharma/domain';
import { useCan } from '../../lib/can.ts';

export interface CanProps {
  requirement: Requirement;
  children: ReactNode;
  /** Shown instead when the user lacks the permission; nothing by default. */
  fallback?: ReactNode;
}

/**
 * Renders its children only for users who meet the requirement, e.g.
 * `<Can requirement={{ application: 'LDC', module: 'RECEIVE', action: 'Scan' }}><ScanButton /></Can>`.
 */
export function Can({ requirement, children, fallback = null }: CanProps) {
  return useCan(requirement) ? children : fallback;
}
