import { useEffect, useSyncExternalStore } from 'react';

/**
 * The scan-visibility flag of local scan pages (spec point 2): there the back button first hides
 * the scan view, and once it is hidden leaves the page (decision 0065), so Back never traps. A
 * scan page calls `useScanVisibility()`; while one is mounted, the header's back button reads and
 * clears the flag; 'Show scan field' sets it again.
 */
let visible = true;
let mounted = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function isScanViewMounted(): boolean {
  return mounted > 0;
}

/** Whether the mounted scan view shows. */
export function isScanViewShown(): boolean {
  return visible;
}

export function hideScanView(): void {
  visible = false;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For scan pages: whether the scan view shows, and a setter. Registers the page while mounted. */
export function useScanVisibility(): [boolean, (next: boolean) => void] {
  useEffect(() => {
    mounted += 1;
    visible = true;
    notify();
    return () => {
      mounted -= 1;
    };
  }, []);
  const value = useSyncExternalStore(subscribe, () => visible);
  const set = (next: boolean) => {
    visible = next;
    notify();
  };
  return [value, set];
}
