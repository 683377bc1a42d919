import { Navigate } from 'react-router';
import type { PageKey } from '../../../config/routes.ts';
import type { DocumentPageProps } from '../types.ts';
import { StockTakeDetailsPage } from './stock-take-details-page.tsx';
import { StockTakeListPage } from './stock-take-list-page.tsx';
import { StockTakeNewPage } from './stock-take-new-page.tsx';
import { StockTakeScanPage } from './stock-take-scan-page.tsx';

/**
 * Every page of a stock take family (issue 31, decision 0080), one chunk loaded when a route first shows
 * one: the list, the new count, the details with the variance, and the scan (its number step with `new`;
 * the generic scan routes' `?p=` for the family land here too). The route's page key picks it.
 */
export function StockTakePage(props: DocumentPageProps & { page: PageKey | undefined }) {
  const { page, ...rest } = props;
  switch (page) {
    case 'documentList':
      return <StockTakeListPage {...rest} />;
    case 'documentDetails':
      return rest.number ? <StockTakeDetailsPage {...rest} /> : <Navigate to={rest.paths.list} replace />;
    case 'stockTakeNew':
      return <StockTakeNewPage {...rest} />;
    default:
      return <StockTakeScanPage {...rest} />;
  }
}
