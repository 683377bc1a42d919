import type { ReactNode } from 'react';
import { liteFamilyOf } from '@pharma/domain';
import { fillLabel, TITLES } from '../../../config/labels.ts';
import type { PageKey } from '../../../config/routes.ts';
import { ScanUnitsPage } from '../components/scan-units-page.tsx';
import { LiteAddMaterialPage } from './lite-add-material-page.tsx';
import { LiteDetailPage } from './lite-detail-page.tsx';
import { LiteListPage } from './lite-list-page.tsx';
import { LiteMaterialDetailsPage } from './lite-material-details-page.tsx';
import { LiteMaterialScannerPage } from './lite-material-scanner-page.tsx';
import { litePaths } from './lite-paths.ts';

export interface LitePageProps {
  page: PageKey;
  /** The module the URL names: the :moduleType segment, else ?moduleID= or ?moduleType=. */
  module: string | undefined;
  /** The document number (?docNo=). */
  number: string;
  notFound: ReactNode;
}

/** The lite pages (decision 0039), by route: a module with no lite family, or a page with no document, is the not-found page. */
export function LitePage({ page, module, number, notFound }: LitePageProps) {
  const lite = liteFamilyOf(module);
  if (!lite) return notFound;
  // The scan screen's way back reads as the details page's header: 'Dispatch+ Details'.
  const paths = litePaths(lite, fillLabel(TITLES.liteDetail, { family: lite.name }));
  if (page === 'liteList') return <LiteListPage lite={lite} paths={paths} />;
  if (!number) return notFound;
  const key = `${lite.module}/${page}/${number}`;
  switch (page) {
    case 'liteDetail':
      return <LiteDetailPage key={key} lite={lite} paths={paths} number={number} />;
    case 'liteAddMaterial':
      return <LiteAddMaterialPage key={key} lite={lite} paths={paths} number={number} />;
    case 'liteMaterialDetails':
      return <LiteMaterialDetailsPage key={key} lite={lite} number={number} />;
    case 'liteMaterialScanner':
      return <LiteMaterialScannerPage key={key} lite={lite} paths={paths} number={number} />;
    case 'liteItemScanner':
      return <ScanUnitsPage key={key} area="LDC" family={lite.family} paths={paths} number={number} units={lite.scanUnits} />;
    default:
      return notFound;
  }
}
