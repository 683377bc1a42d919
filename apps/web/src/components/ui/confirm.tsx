import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

const loadDialog = () => import('./confirm-dialog.tsx');

/** Fetches the dialog's chunk ahead of its first use (when the page first shows something it may ask about). */
export function preloadConfirm(): void {
  void loadDialog().catch(() => undefined);
}

/** Where the dialog's chunk cannot load (offline before the service worker cached it): the browser's own confirm. */
function NativeConfirm({ title, text, onKeep, onConfirm }: ConfirmDialogProps) {
  useEffect(() => {
    const timer = setTimeout(() => (window.confirm(`${title}\n\n${text}`) ? onConfirm() : onKeep()), 0);
    return () => clearTimeout(timer);
  }, [title, text, onKeep, onConfirm]);
  return null;
}

// The dialog (Mantine's Modal, its focus trap and scroll area, about 20 KB on the wire) is a chunk of
// its own: a scan page's first load does without it (issue 29, decision 0089).
const Dialog = lazy<ComponentType<ConfirmDialogProps>>(() =>
  loadDialog().then(
    (module) => ({ default: module.ConfirmDialog }),
    () => ({ default: NativeConfirm }),
  ),
);

/** The question before an action that takes something away; its dialog loads on first use. */
export function Confirm(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
