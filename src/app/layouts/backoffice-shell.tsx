import { Suspense, useEffect, useRef, useState } from 'react';
import { AppShell, Progress } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { MaintenanceBanner } from '@/features/system/components/maintenance-banner';
import { SIDE_MENU_EDGE_TOLERANCE_PX } from '@/shared/domain/limits';
import classes from './layouts.module.css';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useRouteChange } from './use-route-change';

export type ShellVariant = 'admin' | 'map' | 'compact';

const SMALL_SCREEN = '(max-width: 62em)';
const HEADER_HEIGHT = 56;
const MENU_WIDTH = 260;

function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * The three back-office layouts of spec §2. admin: top bar and side menu; map: full width, no side menu;
 * compact: top bar, side menu collapsed until asked for, tight padding.
 */
export function BackofficeShell({ variant }: { variant: ShellVariant }) {
  const { t } = useTranslation('navigation');
  const withMenu = variant !== 'map';
  const isSmallScreen = useMediaQuery(SMALL_SCREEN, matchesNow(SMALL_SCREEN)) ?? false;
  const [opened, setOpened] = useState(() => variant === 'admin' && !matchesNow(SMALL_SCREEN));
  const peeking = useRef(false);
  const loading = useRouteChange({ isSmallScreen, collapseMenu: () => setOpened(false) });

  // Spec §9: the pointer within 5 px of the left edge opens a collapsed menu, until it leaves the menu.
  useEffect(() => {
    if (!withMenu || opened) return;
    const onMove = (event: MouseEvent) => {
      if (event.clientX > SIDE_MENU_EDGE_TOLERANCE_PX) return;
      peeking.current = true;
      setOpened(true);
    };
    document.addEventListener('mousemove', onMove);
    return () => document.removeEventListener('mousemove', onMove);
  }, [withMenu, opened]);

  const closePeek = () => {
    if (!peeking.current) return;
    peeking.current = false;
    setOpened(false);
  };

  const toggle = () => {
    peeking.current = false;
    setOpened((value) => !value);
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={withMenu ? { width: MENU_WIDTH, breakpoint: 'md', collapsed: { mobile: !opened, desktop: !opened } } : undefined}
      padding={variant === 'map' ? 0 : variant === 'compact' ? 'xs' : 'md'}
      data-layout={variant}
      data-testid={`layout-${variant}`}
    >
      {loading && (
        <Progress
          className={classes.loadingBar}
          value={100}
          animated
          size="xs"
          aria-label={t('common:loading')}
          data-testid="page-loading"
        />
      )}
      <AppShell.Header>
        <TopBar menu={withMenu ? { opened, toggle } : undefined} />
      </AppShell.Header>
      {withMenu && (
        <AppShell.Navbar id="side-menu" onMouseLeave={closePeek} data-opened={opened} inert={!opened}>
          <SideMenu onNavigate={closePeek} />
        </AppShell.Navbar>
      )}
      <AppShell.Main className={variant === 'map' ? classes.mapMain : undefined}>
        <MaintenanceBanner />
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

export function AdminLayout() {
  return <BackofficeShell variant="admin" />;
}

export function MapLayout() {
  return <BackofficeShell variant="map" />;
}

export function CompactLayout() {
  return <BackofficeShell variant="compact" />;
}
