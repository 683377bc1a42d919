import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useBlocker } from 'react-router';
import { message } from '../../i18n/language.ts';
import { isSignOut } from '../../lib/use-logout.ts';
import type { LeaveDialogProps } from './leave-dialog.tsx';

const loadDialog = () => import('./leave-dialog.tsx');
/** After the scan page's first paint, out of the way of its first scan. */
const PRELOAD_AFTER_MS = 1000;

/** Where the dialog's chunk cannot load (offline before the service worker cached it): the browser's own confirm. */
function NativeLeaveDialog({ onStay, onLeave }: LeaveDialogProps) {
  useEffect(() => {
    const timer = setTimeout(() => (window.confirm(message('DATA_MAY_BE_LOST')) ? onLeave() : onStay()), 0);
    return () => clearTimeout(timer);
  }, [onLeave, onStay]);
  return null;
}

// The dialog (Mantine's Modal and its focus trap) is a chunk of its own: the scan page's first load
// does without it (issue 7). It is fetched once the scan page has shown, while the device is most likely
// still online: scans are left unsent mostly offline, where only the service worker's copy could answer.
const LeaveDialog = lazy<ComponentType<LeaveDialogProps>>(() =>
  loadDialog().then(
    (module) => ({ default: module.LeaveDialog }),
    () => ({ default: NativeLeaveDialog }),
  ),
);

/**
 * While scans are unsent: the browser's own warning on refresh or close (beforeunload), and the
 * spec's question before an in-app navigation (the app uses a data router, so useBlocker works).
 * The scans stay in IndexedDB either way; the warning is the spec's (point 8).
 */
export function UnsentScansGuard({ unsent }: { unsent: boolean }) {
  // A sign-out is not asked twice (the menu asked) and keeps the scans for their maker (decision 0026).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsent && currentLocation.pathname !== nextLocation.pathname && !isSignOut(nextLocation.state),
  );

  useEffect(() => {
    const timer = setTimeout(() => void loadDialog().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!unsent) return;
    void loadDialog().catch(() => undefined);
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or need) a returnValue; modern ones show their own text.
      event.returnValue = message('DATA_MAY_BE_LOST');
      return message('DATA_MAY_BE_LOST');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    </Suspense>
  );
}
