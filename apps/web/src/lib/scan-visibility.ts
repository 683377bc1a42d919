import { useEffect, useSyncExternalStore } from 'react';

/**
 * The scan-visibility flag of local scan pages: there the back button toggles the scan
 * view instead of navigating (spec point 2). A scan page calls `useScanVisibility()`;
 * while one is mounted, the header's back button toggles the flag.
 */
let visible = true;
let mounted = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function isScanViewMounted(): boolean {
  return mounted > 0;
}

export function toggleScanVisibility(): void {
  visible = !visible;
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
