import { message, UNIT_LABELS, unitId, type AuditAction } from '@pharma/domain';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import * as units from '../inventory/units.repository.ts';

/**
 * A completion that takes units out of their parents (the family's `disaggregates`, decision 0063):
 * each unit scanned on the document without its parent (a pack alone out of its carton, a carton alone
 * off its pallet) stands on its own afterwards, so its parent's packs and children, as search, the
 * item details and a label printed later read them, no longer hold it. The parent keeps its state,
 * emptied or not. Audited both ways: the unit's row names the parent it left, the parent's row its
 * packs and children before and after and the units taken out.
 */

/** How many units a parent's audit reason names before '… and N more' (its row's `after.left` lists them all). */
const NAMED_UNITS = 3;

/** Takes the units out of their parents (`unitsLeavingParents`, read before the units changed), audited under the completion's action and time. */
export async function takeOut(
  trx: Db,
  leaving: readonly units.LeavingUnit[],
  op: { actorId: string; action: AuditAction; at: string },
): Promise<void> {
  if (leaving.length === 0) return;
  const parents = [...new Set(leaving.map((u) => u.parent_id))];
  const before = await units.contentsOf(trx, parents);
  await units.setParent(
    trx,
    leaving.map((u) => u.id),
    null,
    op.at,
  );
  const after = await units.contentsOf(trx, parents);

  const entries: AuditEntry[] = [];
  for (const u of leaving) {
    const parent = unitId({ sscc: u.parent_sscc, gtin: u.parent_gtin, serial: u.parent_serial });
    entries.push({
      actorId: op.actorId,
      entity: 'unit',
      entityId: u.id,
      action: op.action,
      before: { parent },
      after: { parent: null },
      reason: `taken out of ${UNIT_LABELS[u.parent_type].toLowerCase()} ${parent}`,
    });
  }
  for (const parentId of parents) {
    const out = leaving.filter((u) => u.parent_id === parentId);
    const named = out.map((u) => `${UNIT_LABELS[u.type].toLowerCase()} ${unitId(u)}`);
    const shown = named.slice(0, NAMED_UNITS).join(', ');
    const rest = named.length - NAMED_UNITS;
    entries.push({
      actorId: op.actorId,
      entity: 'unit',
      entityId: parentId,
      action: op.action,
      before: before.get(parentId),
      after: { ...after.get(parentId), left: out.map((u) => unitId(u)).sort() },
      reason: `taken out: ${rest > 0 ? message('LIST_AND_MORE', { items: shown, count: rest }) : shown}`,
    });
  }
  await writeAudit(trx, entries, op.at);
}
