import { describe, expect, it } from 'vitest';
import {
  AREA_MODULES,
  authorize,
  fullModuleGrant,
  MODULE_ACTIONS,
  MODULE_FEATURES,
  NO_AUTHORIZATION,
  TOOL_NEEDS,
  type Authorization,
} from './permissions.ts';

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

/** The demo viewer's shape: every module of the area with its lists, details and Search, and no action. */
const readOnly = (application: 'RDC' | 'LDC'): Authorization => ({
  authorizedMicroApp: [application],
  applications: [
    {
      application,
      modules: AREA_MODULES[application].map((module) => ({
        module,
        isCompletelyPermitted: false,
        features: MODULE_FEATURES[module]
          .filter((f) => f === 'List' || f === 'DetailsPage' || f === 'Search')
          .map((feature) => ({ feature, actions: [] })),
      })),
    },
  ],
  rights: [],
});

describe('a requirement without a module (decision 0057)', () => {
  it('needs its feature or action in some module of the area', () => {
    expect(authorize({ application: 'LDC', action: 'Scan' }, ldc()).ok).toBe(true);
    expect(authorize({ application: 'LDC', action: 'EditItemStatus' }, ldc())).toEqual({
      ok: false,
      status: 403,
      code: 'FEATURE_NOT_AUTHORIZED',
    });
    expect(authorize({ application: 'LDC', feature: 'CreateMaterialBatch' }, ldc()).ok).toBe(false);
    expect(authorize({ application: 'LDC', feature: 'List' }, readOnly('LDC')).ok).toBe(true);
    for (const action of ['Scan', 'Complete', 'DeleteScannedItem', 'CreateItem', 'Print'] as const) {
      expect(authorize({ application: 'LDC', action }, readOnly('LDC')), action).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('with neither feature nor action, the area alone', () => {
    expect(authorize({ application: 'LDC' }, readOnly('LDC')).ok).toBe(true);
    expect(authorize({ application: 'RDC' }, readOnly('LDC'))).toMatchObject({ code: 'MODULE_NOT_AUTHORIZED' });
  });
});

describe('anyArea', () => {
  it('lets in a user of either area, refuses an account with none (a self-registered one) and an anonymous caller', () => {
    expect(authorize({ anyArea: true }, ldc()).ok).toBe(true);
    expect(authorize({ anyArea: true }, NO_AUTHORIZATION)).toEqual({ ok: false, status: 403, code: 'MODULE_NOT_AUTHORIZED' });
    expect(authorize({ anyArea: true }, undefined)).toMatchObject({ status: 401 });
  });
});

describe('the tools: printing, new SSCCs, repack (decision 0057), batches (decision 0070)', () => {
  it('each need names an action or feature its module can have, in both areas', () => {
    for (const [name, need] of Object.entries(TOOL_NEEDS)) {
      if ('action' in need) expect(MODULE_ACTIONS[need.module], name).toContain(need.action);
      if ('feature' in need) expect(MODULE_FEATURES[need.module], name).toContain(need.feature);
      for (const application of ['RDC', 'LDC'] as const) expect(AREA_MODULES[application], name).toContain(need.module);
    }
  });

  it('a complete grant of the area gives every tool; a read-only role none but the views (a repack, a batch, the reports, a count, the verification requests)', () => {
    const operator: Authorization = {
      authorizedMicroApp: ['RDC'],
      applications: [{ application: 'RDC', modules: AREA_MODULES.RDC.map(fullModuleGrant) }],
      rights: [],
    };
    for (const [name, need] of Object.entries(TOOL_NEEDS)) {
      expect(authorize({ application: 'RDC', ...need }, operator).ok, name).toBe(true);
      expect(authorize({ application: 'RDC', ...need }, readOnly('RDC')).ok, name).toBe(
        ['repackView', 'batchView', 'reportsView', 'countView', 'verificationView'].includes(name),
      );
    }
  });

  it('Print is GLOBAL’s alone; a GLOBAL grant without it (Search only) does not print', () => {
    const search: Authorization = {
      authorizedMicroApp: ['LDC'],
      applications: [
        {
          application: 'LDC',
          modules: [{ module: 'GLOBAL', isCompletelyPermitted: false, features: [{ feature: 'Search', actions: [] }] }],
        },
      ],
      rights: [],
    };
    expect(authorize({ application: 'LDC', ...TOOL_NEEDS.print }, search).ok).toBe(false);
    search.applications[0]!.modules[0]!.features[0]!.actions.push('Print');
    expect(authorize({ application: 'LDC', ...TOOL_NEEDS.print }, search).ok).toBe(true);
    expect(authorize({ application: 'LDC', module: 'RECEIVE', action: 'Print' }, ldc([fullModuleGrant('RECEIVE')])).ok).toBe(false);
  });
});
