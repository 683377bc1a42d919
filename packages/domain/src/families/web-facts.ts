import type { Action, Application } from '../access.ts';

/**
 * What the web needs to show a family (issue 29, decision 0086): its pages in each area with their
 * headers, its tile and menu entry, its drawing, and the few titles that differ from family to family.
 * The web's route table, navigation, route titles and icons are built from these facts and name no family.
 */
export interface FamilyWeb {
  /** The family's own pages in each area where the web shows them. */
  pages?: Partial<Record<Application, readonly FamilyWebPage[]>>;
  /**
   * Its tile and menu entry, in each area where it has a list page: the label, and where it stands among
   * the area's entries (ascending; the web's own entries, search, recall, reports and the rest, have theirs).
   */
  menu?: { label: string; order: number };
  /** The drawing of its tile (and of its lite family's): an SVG path in a 24-unit box. */
  icon: string;
  /** The family of a scan route whose URL names none (spec point 2: 'The type comes from query parameter p and defaults to IBD'). */
  scanDefault?: true;
  /** The unit scan's header whatever unit type is picked (spec point 2: 'Scan Item' for a return and a scrapping note). */
  unitScanTitle?: string;
  /** Other names of the family in a :moduleType segment ('WO' for ScanLite's work orders, decision 0024). */
  segmentAliases?: readonly string[];
}

/** The screens a family's page may be: the documents feature's, the redress pages (decision 0036) and the new count form. */
export type FamilyWebPageKind =
  | 'documentList'
  | 'documentDetails'
  | 'scanCode'
  | 'scanUnits'
  | 'redressScan'
  | 'redressSeries'
  | 'redressCartonLabel'
  | 'redressReplace'
  | 'stockTakeNew';

/** One of a family's pages in an area. */
export interface FamilyWebPage {
  page: FamilyWebPageKind;
  /**
   * Its path under the area's prefix ('/ibdList' is /rdc/ibdList in the regional area). A path with a
   * :moduleType segment is shared by the families that give it (the local /ldc/doList/OBD and
   * /ldc/doList/SCANLITE): the segment names the family.
   */
  path: string;
  /** Its header (spec point 2's words). */
  title: string;
  /** Its header when the stored isWo flag is set (spec point 2: the local dispatch list reads as WO or OBD); a list with one shows the list type switch. */
  woTitle?: string;
  /** The document number rides in the query (?docNo=), the path having no place for it (decision 0024). */
  numberInQuery?: true;
  /** Back toggles the scan view instead of leaving the page. */
  scanBack?: true;
  /** The action of the family's module the page is nothing but (the new count form's CreateCount): without it, the 403 page. */
  action?: Action;
}

/** What the web needs of a lite ('+') family beside its name (its menu label and title) and its base's drawing. */
export interface LiteWeb {
  /** Where its tile and menu entry stand among the local area's entries (as `FamilyWeb.menu.order`). */
  order: number;
  /** The header of its item scanner, when not the spec's 'Scan Item Code(s)' (Redress+ scans carton codes: 'Scan Carton Code'). */
  itemScanTitle?: string;
}
