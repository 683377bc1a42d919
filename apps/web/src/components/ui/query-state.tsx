import type { ReactNode } from 'react';
import { Alert, PageLoader } from './plain.tsx';
import type { UseQueryResult } from '@tanstack/react-query';

/** A query's loading and error states; the children render its data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return <PageLoader />;
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return children(query.data);
}
