import type { Application } from '../access.ts';
import type { DocumentType } from '../documents.ts';
import { moduleTable, NON_FAMILY_MODULES, type ModuleCode, type ModuleTable } from '../permissions.ts';
import { sentByErp, type FamilyEntry } from './family.ts';
import type { LiteFamilyEntry } from './lite.ts';
import { FAMILIES, LITE_FAMILIES, type Family, type LiteFamily } from './registry.ts';

/**
 * The families a server runs, and every fact read off them (decision 0085): the server is built from one
 * (`buildApp({ families })`), the default registry's unless it is given another, and its services,
 * routes and permission hook ask it, never a module-level list. A family given here and nowhere else
 * (a test's) is then listed, scanned, refused and completed as any other.
 *
 * The literal types (`DocumentType`, `ModuleCode`) name the default registry's; a given registry's own
 * types and modules are strings the same code carries at run time, checked against this registry where
 * they come in from outside (the ERP's documents, a role's grants, a scan's document type).
 */
export interface Registry extends ModuleTable {
  /** The full families, in their order. */
  families: readonly Family[];
  /** The lite ('+') families of the local area (decision 0039). */
  liteFamilies: readonly LiteFamily[];
  /** Every family, lite ones included. */
  all: readonly Family[];
  /** The family of a document type (a lite one included), or undefined. */
  familyOf(type: string): Family | undefined;
  /** The lite family of a module ('DISPATCH+', any case), or undefined. */
  liteFamilyOf(module: string | null | undefined): LiteFamily | undefined;
  /** Every module: the families', then those of no family. */
  modules: readonly ModuleCode[];
  /** Every document type, lite ones included. */
  documentTypes: readonly DocumentType[];
  /** The types of the documents the ERP sends (`sentByErp`). */
  erpDocumentTypes: readonly DocumentType[];
  /** The family whose expected units an advance shipping notice announces (`expected: 'lines+asn'`): EPCIS intake's desadv. */
  noticeFamily: Family | undefined;
  /** The family whose packs are scanned into labelled cartons under a BPR No. (`labelledCartons`, decision 0036). */
  cartonFamily: Family | undefined;
  /** The lite family completed by its cartons (`completesCartons`, Redress+). */
  liteCartonFamily: LiteFamily | undefined;
  /** The family that moves units onto and off pallets and cartons (`aggregates`, Repack, decision 0048): its paths exist only with it. */
  aggregatingFamily: Family | undefined;
  /** The family counted by a stock take (`stockTake`, decision 0079): its paths exist only with it. */
  stockTakeFamily: Family | undefined;
}

/** A registry of these families: the default one's unless a server is given others (a test's own family). */
export function createRegistry(
  families: readonly FamilyEntry[] = FAMILIES,
  liteFamilies: readonly LiteFamilyEntry[] = LITE_FAMILIES,
): Registry {
  // A given family's type and module are this registry's: the literal unions name the default's (above).
  const full = families as readonly Family[];
  const lite = liteFamilies as readonly LiteFamily[];
  const all = [...full, ...lite.map((l) => l.family)];
  const byType = new Map(all.map((f) => [f.type as string, f]));
  const table = moduleTable(all);
  const erpDocumentTypes = full.filter(sentByErp).map((f) => f.type);
  return {
    ...table,
    families: full,
    liteFamilies: lite,
    all,
    familyOf: (type) => byType.get(type),
    liteFamilyOf: (module) => {
      const upper = (module ?? '').toUpperCase();
      return lite.find((l) => l.module === upper);
    },
    modules: [...new Set([...all.map((f) => f.module), ...NON_FAMILY_MODULES])],
    documentTypes: all.map((f) => f.type),
    erpDocumentTypes,
    noticeFamily: full.find((f) => f.expected === 'lines+asn'),
    cartonFamily: full.find((f) => f.labelledCartons),
    liteCartonFamily: lite.find((l) => l.completesCartons),
    aggregatingFamily: full.find((f) => f.aggregates),
    stockTakeFamily: full.find((f) => f.stockTake),
  };
}

/** Whether the registry runs `module` in `application`. */
export function offersModule(registry: Registry, application: Application, module: string): module is ModuleCode {
  return (registry.areaModules[application] as readonly string[]).includes(module);
}

/** The default registry: the families of registry.ts. */
export const DEFAULT_REGISTRY: Registry = createRegistry();

/** The family of a document type (a lite one included) in the default registry, or undefined. */
export function familyOf(type: string): Family | undefined {
  return DEFAULT_REGISTRY.familyOf(type);
}

/** The lite family of a module ('DISPATCH+', any case) in the default registry, or undefined. */
export function liteFamilyOf(module: string | null | undefined): LiteFamily | undefined {
  return DEFAULT_REGISTRY.liteFamilyOf(module);
}
