import { describe, expect, it } from 'vitest';
import { ACTIONS, FEATURES, MODULE_ACTIONS, MODULE_FEATURES, MODULES } from '@pharma/domain';
import { ACTION_LABELS, FEATURE_LABELS } from '../../config/labels.ts';
import { emptyRole, grantSummary, toggleArea, toggleFeature } from './role-draft.ts';

/** A code as the permission tree spells it: two capitalised words run together ('DetailsPage'). */
const RUN_TOGETHER = /[a-z][A-Z]/;

describe('the role editor shows features and actions in words (issue 27)', () => {
  it('has words for every feature and action a module offers, none of them a code', () => {
    const offered = {
      features: [...new Set(MODULES.flatMap((m) => MODULE_FEATURES[m]))],
      actions: [...new Set(MODULES.flatMap((m) => MODULE_ACTIONS[m]))],
    };
    expect(offered.features.sort()).toEqual([...FEATURES].sort());
    expect(offered.actions.sort()).toEqual([...ACTIONS].sort());
    for (const feature of FEATURES) expect(FEATURE_LABELS[feature]).not.toMatch(RUN_TOGETHER);
    for (const action of ACTIONS) expect(ACTION_LABELS[action]).not.toMatch(RUN_TOGETHER);
  });

  it("uses the spec's words where it has them", () => {
    expect(FEATURE_LABELS.DetailsPage).toBe('Details page');
    expect(FEATURE_LABELS.MaterialDetails).toBe('Material Details');
    expect(FEATURE_LABELS.CreateMaterialBatch).toBe('Add Material/Batch');
    expect(ACTION_LABELS.ReopenDocument).toBe('Reopen Document');
    expect(ACTION_LABELS.EditBprNo).toBe('Edit BPR No.');
  });

  it("writes a role card's features in words", () => {
    let body = toggleArea(emptyRole(), 'LDC', true);
    body = toggleFeature(body, 'LDC', 'RECEIVE', 'List', true);
    body = toggleFeature(body, 'LDC', 'RECEIVE', 'DetailsPage', true);
    body = toggleFeature(body, 'LDC', 'SCANLITE', 'CreateMaterialBatch', true);
    expect(grantSummary(body, 'LDC', 'everything')).toBe('RECEIVE (List, Details page), SCANLITE (Add Material/Batch)');
  });
});
