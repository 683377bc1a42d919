/**
 * The words of the permission model that name no module (spec point 6): the areas, the features and the
 * actions. Their own module, below permissions.ts and the family registry, so that a family entry can
 * name them and the modules can be read off the registry without an import circle (decision 0085).
 */
export const APPLICATIONS = ['RDC', 'LDC'] as const;
export type Application = (typeof APPLICATIONS)[number];

export const FEATURES = ['List', 'DetailsPage', 'MaterialDetails', 'CreateMaterialBatch', 'Search'] as const;
export type Feature = (typeof FEATURES)[number];

export const ACTIONS = [
  'Filter',
  'Scan',
  'Complete',
  'DeleteScannedItem',
  'EditItemStatus',
  'CreateItem',
  'EditBprNo',
  'ReopenDocument',
  // Ours, not in the spec's list (decision 0057): printing a label, a GLOBAL action of the area.
  'Print',
  // Ours (issue 30, decision 0070): a batch put on hold, released, recalled (module RECALL).
  'SetHold',
  'ReleaseHold',
  'Recall',
  // Ours (issue 31, decision 0079): a stock take created (its snapshot), counted, completed with reasons, approved.
  'CreateCount',
  'Count',
  'CompleteCount',
  'ApproveCount',
  // Ours (issue 28, decision 0081): a pack verified on demand against the warehouse's national system (module VERIFY).
  'VerifyPack',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Whether `value` names an action: for action lists read back from storage. */
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}
