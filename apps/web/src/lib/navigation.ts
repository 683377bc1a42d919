import { isAllowed, type Application, type Authorization } from '@pharma/domain';
import type { NavEntry } from '../config/navigation.ts';

/** Whether a user may see a tile or menu entry: the same check the server applies. */
export function canSee(entry: NavEntry, application: Application, auth: Authorization | undefined): boolean {
  if (entry.right) return isAllowed({ right: entry.right }, auth);
  return isAllowed(
    entry.module
      ? { application, module: entry.module, action: entry.moduleAction, bypass: entry.bypass }
      : { application, bypass: entry.bypass },
    auth,
  );
}

/** The tiles or menu entries a user may see, in their order. */
export function visibleEntries(entries: readonly NavEntry[], application: Application, auth: Authorization | undefined): NavEntry[] {
  return entries.filter((entry) => canSee(entry, application, auth));
}
