import { describe, expect, it } from 'vitest';
import { authorize, fullModuleGrant, MODULE_ACTIONS, type Authorization } from './permissions.ts';

const ldc = (grant = [fullModuleGrant('RTP'), fullModuleGrant('TRANSFER')]): Authorization => ({
  authorizedMicroApp: ['LDC'],
  applications: [{ application: 'LDC', modules: grant }],
  rights: [],
});

describe('authorize', () => {
  it('a completely permitted module grants every action it can have (spec point 6: RTP has Filter, Scan and Complete)', () => {
    for (const action of MODULE_ACTIONS.RTP) expect(authorize({ application: 'LDC', module: 'RTP', action }, ldc()).ok).toBe(true);
    expect(authorize({ application: 'LDC', module: 'TRANSFER', action: 'DeleteScannedItem' }, ldc()).ok).toBe(true);
  });

  it('never an action or feature the module cannot have, even completely permitted', () => {
    expect(authorize({ application: 'LDC', module: 'RTP', action: 'DeleteScannedItem' }, ldc())).toEqual({
      ok: false,
      status: 403,
      code: 'FEATURE_NOT_AUTHORIZED',
    });
    expect(authorize({ application: 'LDC', module: 'RTP', action: 'EditItemStatus' }, ldc()).ok).toBe(false);
    expect(authorize({ application: 'LDC', module: 'TRANSFER', action: 'EditItemStatus' }, ldc()).ok).toBe(false);
    expect(authorize({ application: 'LDC', module: 'TRANSFER', feature: 'MaterialDetails' }, ldc()).ok).toBe(false);
    const forged = { ...fullModuleGrant('RTP'), features: [{ feature: 'List' as const, actions: ['DeleteScannedItem' as const] }] };
    expect(
      authorize({ application: 'LDC', module: 'RTP', action: 'DeleteScannedItem' }, ldc([{ ...forged, isCompletelyPermitted: false }])).ok,
    ).toBe(false);
  });

  it('a module not granted is refused as a module', () => {
    expect(authorize({ application: 'LDC', module: 'DISPATCH', action: 'Scan' }, ldc())).toMatchObject({ code: 'MODULE_NOT_AUTHORIZED' });
  });
});
