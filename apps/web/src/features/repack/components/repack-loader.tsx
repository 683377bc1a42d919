import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { RepackView } from '@pharma/domain/contract/repack';
import type { Area } from '@pharma/domain/contract/inventory';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useRepack } from '../api/repack-api.ts';

export interface RepackLoaderProps {
  repackNo: string;
  area: Area;
  /** Where a URL naming no repack goes instead. */
  missing: string;
  children: (repack: RepackView) => ReactNode;
}

/** Reads a repack by number: a spinner while it loads, the server's message when it cannot, else `children`. */
export function RepackLoader({ repackNo, area, missing, children }: RepackLoaderProps) {
  const repack = useRepack(repackNo, area);
  if (!repackNo) return <Navigate to={missing} replace />;
  return <QueryState query={repack}>{children}</QueryState>;
}
