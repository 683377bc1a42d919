import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RouteMeta } from '../../../config/routes.ts';
import { decideBack, type BackDecision } from '../../../lib/back.ts';
import { hideScanView, isScanViewMounted, isScanViewShown } from '../../../lib/scan-visibility.ts';

/** The 'Add Material/Batch' form goes back to the lite detail page with docNo and moduleID. */
function fixedTarget(meta: RouteMeta, search: URLSearchParams): string | undefined {
  if (meta.backTo !== 'liteDetail') return undefined;
  const moduleId = search.get('moduleID');
  if (!moduleId) return undefined;
  const query = new URLSearchParams({ docNo: search.get('docNo') ?? '', moduleID: moduleId });
  return `/ldc/liteDetail/${encodeURIComponent(moduleId)}?${query.toString()}`;
}

function stateReturnPath(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'returnPath' in state && typeof state.returnPath === 'string') return state.returnPath;
  return undefined;
}

/** The back button of the page shell: what it shows and what it does (lib/back.ts decides). */
export function useBack(meta: RouteMeta, home: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const mode = meta.back ?? 'default';

  const onBack = useCallback(() => {
    const search = new URLSearchParams(location.search);
    const decision: BackDecision = decideBack({
      mode,
      returnPath: search.get('returnPath') ?? stateReturnPath(location.state),
      fixedTarget: fixedTarget(meta, search),
      scanViewMounted: isScanViewMounted(),
      scanViewShown: isScanViewShown(),
      referrer: document.referrer,
      origin: window.location.origin,
      currentPath: `${location.pathname}${location.search}`,
      historyIndex: (window.history.state as { idx?: number } | null)?.idx ?? 0,
      home,
    });
    if (decision.kind === 'hide-scan') hideScanView();
    else if (decision.kind === 'history') navigate(-1);
    else if (decision.kind === 'navigate') navigate(decision.to);
  }, [home, location, meta, mode, navigate]);

  return { visible: mode !== 'hidden', disabled: mode === 'none', onBack };
}
