import type { Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import type { DocumentPaths } from '../../lib/document-routes.ts';

/** What every page of the feature is given by its route: the site, the document family and where its pages are. */
export interface DocumentPageProps {
  area: Area;
  family: Family;
  paths: DocumentPaths;
  /** The document number the URL names (empty on a list; `new` on the number step), read by the route (lib/document-routes.ts). */
  number: string;
}
