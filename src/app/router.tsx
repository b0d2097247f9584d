import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { loginScreen, ROUTE_IDS, toHomepage } from './route-loaders';

async function signOut() {
  const [{ clearTakeoffs }, { logout }] = await Promise.all([
    import('@/features/flights/takeoff-store'),
    import('@/features/auth/api/logout'),
  ]);
  clearTakeoffs();
  await logout();
  return redirect(paths.login.getHref());
}

/** Shown while the first route's code and data load. */
function AppLoading() {
  return (
    <Center mih="100dvh">
      <Loader aria-hidden />
    </Center>
  );
}

/**
 * The route table the login page starts with: the home redirect, /logout and the login page. The first navigation to
 * any other path loads the other routes (`discovered-routes.ts`) and adds them; adding them again is a no-op, as React
 * Router keeps one route per id.
 */
export const routes: RouteObject[] = [
  {
    id: ROUTE_IDS.root,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      { path: paths.home.path, loader: toHomepage },
      { path: paths.logout.path, loader: signOut },
      {
        id: ROUTE_IDS.public,
        Component: PublicLayout,
        children: [{ path: paths.login.path, ...loginScreen }],
      },
    ],
  },
];

export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { discoveredRoutes } = await import('./discovered-routes');
  for (const [id, children] of Object.entries(discoveredRoutes)) patch(id, children);
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
}
