import { redirect, type RouteObject } from 'react-router-dom';
import { homepageHref, paths } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import LoginRoute from './routes/login';

/** The routes the others are added under when they load (`router.tsx`, `discovered-routes.ts`). */
export const ROUTE_IDS = { root: 'root', public: 'public' } as const;

/**
 * The login page, also the activation link's screen. Its code is in the entry, the first thing most visits show; its
 * texts (`auth`) load before it shows, the error and validation texts on the form's first interaction
 * (docs/navigation.md, "Bundle").
 */
export const loginScreen: Pick<RouteObject, 'lazy'> = {
  lazy: async () => {
    await loadNamespaces('auth');
    return { Component: LoginRoute };
  },
};

/** Spec §2: `/` goes to the user's homepage, or to /login without a session. */
export function toHomepage() {
  const session = getSession();
  return redirect(session ? homepageHref(session.homepage) : paths.login.getHref());
}
