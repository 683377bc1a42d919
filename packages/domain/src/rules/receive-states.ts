import type { ItemReason, UnitStatus } from '../units.ts';

/**
 * The status and reason a unit has on its way in through an inbound delivery
 * (docs/inventory-states.md): expected by the supplier's notice, scanned, received, or short.
 */
export const RECEIVE_STATES = {
  expected: { status: 'TRANSIT', reason: 'PENDING GR' },
  scanned: { status: 'PENDING', reason: 'PENDING GR' },
  received: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' },
  short: { status: 'SHORTAGE', reason: 'PENDING GR' },
} as const satisfies Record<string, { status: UnitStatus; reason: ItemReason }>;
