import { useEffect } from 'react';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { UI } from '../config/labels.ts';
import { AREA_HOME } from '../config/routes.ts';
import { Header } from '../components/ui/header.tsx';
import { AppMenu, useBack } from '../features/shell/index.ts';
import { areaOfPath } from '../lib/route-meta.ts';
import { useRouteMeta, useRouteTitle } from './use-route-meta.ts';

/** The wrapper of every page: header (back, title, menu) and the page below. */
export function PageShell() {
  const meta = useRouteMeta();
  const title = useRouteTitle(meta);
  const { pathname } = useLocation();
  const area = meta.area ?? areaOfPath(pathname);
  const home = area ? AREA_HOME[area] : '/';
  const back = useBack(meta, home);
  const [menuOpened, menu] = useDisclosure(false);
  useDocumentTitle(`${title} · ${UI.appName}`);

  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Header
          title={title}
          onBack={back.visible ? back.onBack : undefined}
          backDisabled={back.disabled}
          menuOpened={menuOpened}
          onMenu={menu.toggle}
          menu={<AppMenu area={area} opened={menuOpened} onClose={menu.close} />}
        />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
