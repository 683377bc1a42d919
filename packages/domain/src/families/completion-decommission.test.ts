import { describe, expect, it } from 'vitest';
import { completionDecommission, takesExportMark } from './family.ts';
import { dispatch, FAMILIES, LITE_FAMILIES, receive, returns, scrap } from './registry.ts';

/** What a completion decommissions in the national system (issue 28, decision 0081), read from the family entries. */
describe('completionDecommission', () => {
  it('a scrapping destroys on every completion; a dispatch exports only when the ERP marked it an export', () => {
    expect(completionDecommission(scrap, false)).toBe('destroy');
    expect(completionDecommission(dispatch, true)).toBe('export');
    expect(completionDecommission(dispatch, false)).toBeUndefined();
  });

  it('families that decommission nothing on completion ask nothing, marked or not', () => {
    for (const family of [receive, returns]) {
      expect(completionDecommission(family, false)).toBeUndefined();
      expect(completionDecommission(family, true)).toBeUndefined();
    }
  });

  it('a lite family completes as the family it lightens: Decomm+ destroys, Dispatch+ would export only if marked', () => {
    const lite = (type: string) => LITE_FAMILIES.find((l) => l.family.type === type)!.family;
    expect(completionDecommission(lite('DECOMM+'), false)).toBe('destroy');
    expect(completionDecommission(lite('OBD+'), false)).toBeUndefined();
  });

  it('only a family that exports takes the export mark; each one that decommissions on completion may be reopened', () => {
    expect(FAMILIES.filter(takesExportMark).map((f) => f.type)).toEqual(['OBD']);
    expect(takesExportMark(undefined)).toBe(false);
    for (const family of FAMILIES.filter((f) => f.verification?.onComplete)) expect(family.reopen, family.type).toBeDefined();
  });
});
