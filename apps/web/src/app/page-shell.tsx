import { Suspense, useEffect, useState, type CSSProperties } from 'react';
import { Alert, Button, Group, Text } from '../components/ui/plain.tsx';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { SCANNER_UI, UI } from '../config/labels.ts';
import { AREA_HOME } from '../config/routes.ts';
import { Header } from '../components/ui/header.tsx';
import { WaitingScansNotice } from '../components/ui/waiting-scans-notice.tsx';
import { AppMenu, useBack } from '../features/shell/index.ts';
import { readLastArea, writeLastArea } from '../lib/client-state.ts';
import { activateUpdate, useUpdateWaiting } from '../lib/pwa.ts';
import { areaOfPath } from '../lib/route-meta.ts';
import { useScanQueueRunner } from '../lib/scan-queue/index.ts';
import { useSession } from '../lib/session.ts';
import { useSignOutFromOtherTabs } from '../lib/use-logout.ts';
import { useRouteMeta, useRouteTitle } from './use-route-meta.ts';
import classes from './page-shell.module.css';

/** The wrapper of every page: header (back, title, menu) and the page below. */
export function PageShell() {
  const meta = useRouteMeta();
  const title = useRouteTitle(meta);
  const { pathname } = useLocation();
  const ownArea = meta.area ?? areaOfPath(pathname);
  // Pages outside an area (the admin screen) keep the menu and login page of the area the tab was in.
  const area = ownArea ?? (meta.right ? readLastArea() : undefined);
  const home = area ? AREA_HOME[area] : '/';
  const back = useBack(meta, home);
  const [menuOpened, menu] = useDisclosure(false);
  // The menu's chunk loads on the first open and stays mounted after (its closing transition).
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpened && !menuUsed) setMenuUsed(true);
  useDocumentTitle(`${title} · ${UI.appName}`);

  useSignOutFromOtherTabs(area);
  // Scans left unsent go out on page load, when the network is back, and after a login: each
  // only under the user who read it (decision 0026).
  const session = useSession();
  const user = session.status === 'authenticated' ? session.session.user : undefined;
  useScanQueueRunner(user && { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() });
  const updateWaiting = useUpdateWaiting();
  useEffect(() => {
    if (ownArea) writeLastArea(ownArea);
  }, [ownArea]);

  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  return (
    <>
      {/* The drawer's scroll lock keeps a header of this class clear of the scroll bar it hides, as it did AppShell's. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <Header
          title={title}
          onBack={back.visible ? back.onBack : undefined}
          backDisabled={back.disabled}
          menuOpened={menuOpened}
          onMenu={menu.toggle}
          menu={
            menuUsed && (
              <Suspense fallback={null}>
                <AppMenu area={area} opened={menuOpened} onClose={menu.close} />
              </Suspense>
            )
          }
        />
      </header>
      <main className={classes.main}>
        <div
          className="m_7485cace mantine-Container-root"
          data-size="lg"
          data-strategy="block"
          style={{ '--container-size': 'var(--container-size-lg)', paddingInline: '0rem' } as CSSProperties}
        >
          {updateWaiting && (
            <Alert color="blue" style={{ marginBottom: 'var(--mantine-spacing-sm)', padding: 'var(--mantine-spacing-xs)' }}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{SCANNER_UI.updateReady}</Text>
                <Button size="compact-sm" onClick={() => activateUpdate()}>
                  {SCANNER_UI.update}
                </Button>
              </Group>
            </Alert>
          )}
          <WaitingScansNotice />
          <Outlet />
        </div>
      </main>
    </>
  );
}
