import {
  APPLICATIONS,
  AREA_MODULES,
  fullModuleGrant,
  MODULE_ACTIONS,
  MODULE_FEATURES,
  type Action,
  type Application,
  type Feature,
  type ModuleCode,
  type ModuleGrant,
} from '@pharma/domain';
import type { RoleBody } from '@pharma/domain/contract/admin';
import { FEATURE_LABELS } from '../../config/labels.ts';

/**
 * Editing a role's permission tree as data: each change returns a new body; `normalizeRole`
 * puts it in the table's order and drops modules that grant nothing, before it is sent.
 */
export function emptyRole(): RoleBody {
  return { name: '', description: '', areas: [], applications: [], rights: [] };
}

export function findGrant(body: RoleBody, application: Application, module: ModuleCode): ModuleGrant | undefined {
  return body.applications.find((a) => a.application === application)?.modules.find((m) => m.module === module);
}

function updateGrant(
  body: RoleBody,
  application: Application,
  module: ModuleCode,
  change: (grant: ModuleGrant) => ModuleGrant | undefined,
): RoleBody {
  const current = findGrant(body, application, module) ?? { module, isCompletelyPermitted: false, features: [] };
  const next = change(current);
  const others = body.applications.find((a) => a.application === application)?.modules.filter((m) => m.module !== module) ?? [];
  const modules = next ? [...others, next] : others;
  const applications = body.applications.filter((a) => a.application !== application);
  return { ...body, applications: [...applications, { application, modules }] };
}

export function toggleArea(body: RoleBody, area: Application, on: boolean): RoleBody {
  const areas = on ? [...new Set([...body.areas, area])] : body.areas.filter((a) => a !== area);
  return { ...body, areas: APPLICATIONS.filter((a) => areas.includes(a)) };
}

/** "Everything" (isCompletelyPermitted) on grants the module's whole tree; off starts from nothing. */
export function setEverything(body: RoleBody, application: Application, module: ModuleCode, on: boolean): RoleBody {
  return updateGrant(body, application, module, () =>
    on ? fullModuleGrant(module) : { module, isCompletelyPermitted: false, features: [] },
  );
}

export function toggleFeature(body: RoleBody, application: Application, module: ModuleCode, feature: Feature, on: boolean): RoleBody {
  if (!MODULE_FEATURES[module].includes(feature)) return body;
  return updateGrant(body, application, module, (grant) => {
    const others = grant.features.filter((f) => f.feature !== feature);
    return { ...grant, features: on ? [...others, { feature, actions: [] }] : others };
  });
}

export function toggleAction(
  body: RoleBody,
  application: Application,
  module: ModuleCode,
  feature: Feature,
  action: Action,
  on: boolean,
): RoleBody {
  if (!MODULE_ACTIONS[module].includes(action)) return body;
  return updateGrant(body, application, module, (grant) => ({
    ...grant,
    features: grant.features.map((f) => {
      if (f.feature !== feature) return f;
      const actions = on ? [...new Set([...f.actions, action])] : f.actions.filter((a) => a !== action);
      return { ...f, actions };
    }),
  }));
}

/** The body to send: areas, modules, features and actions in the table's order; empty grants dropped. */
export function normalizeRole(body: RoleBody): RoleBody {
  const applications = APPLICATIONS.flatMap((application) => {
    const modules = AREA_MODULES[application].flatMap((module) => {
      const grant = findGrant(body, application, module);
      if (!grant || (!grant.isCompletelyPermitted && grant.features.length === 0)) return [];
      if (grant.isCompletelyPermitted) return [fullModuleGrant(module)];
      const features = MODULE_FEATURES[module].flatMap((feature) => {
        const found = grant.features.find((f) => f.feature === feature);
        return found ? [{ feature, actions: MODULE_ACTIONS[module].filter((a) => found.actions.includes(a)) }] : [];
      });
      return [{ module, isCompletelyPermitted: false, features }];
    });
    return modules.length > 0 ? [{ application, modules }] : [];
  });
  return { ...body, name: body.name.trim(), areas: APPLICATIONS.filter((a) => body.areas.includes(a)), applications };
}

/** A short summary of what a role grants in an area, its features in words, e.g. "RECEIVE (List, Details page), DISPATCH (everything)". */
export function grantSummary(body: RoleBody, application: Application, everything: string): string {
  const modules = body.applications.find((a) => a.application === application)?.modules ?? [];
  return modules
    .map((m) => `${m.module} (${m.isCompletelyPermitted ? everything : m.features.map((f) => FEATURE_LABELS[f.feature]).join(', ')})`)
    .join(', ');
}
