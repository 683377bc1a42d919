import { fullModuleGrant, type Application, type Authorization, type ModuleCode } from '@pharma/domain';

/** Builds an authorization for tests: areas and, per area, the modules granted in full. */
export function buildAuthorization(grants: Partial<Record<Application, ModuleCode[]>>): Authorization {
  const areas = Object.keys(grants) as Application[];
  return {
    authorizedMicroApp: areas,
    applications: areas.map((application) => ({ application, modules: (grants[application] ?? []).map(fullModuleGrant) })),
    rights: [],
  };
}
