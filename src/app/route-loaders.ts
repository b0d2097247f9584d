import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { homepageHref, paths } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { getSession } from '@/lib/session';

export type ScreenModule = { default: ComponentType };

/** The routes the others are added under when they load (`router.tsx`, `discovered-routes.ts`). */
export const ROUTE_IDS = { root: 'root', public: 'public' } as const;

/** The login page shows without the error and validation texts: its form loads them on the first interaction (docs/navigation.md). */
export function loginScreen(load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces('auth')]);
      return { Component: module.default };
    },
  };
}

/** Spec §2: `/` goes to the user's homepage, or to /login without a session. */
export function toHomepage() {
  const session = getSession();
  return redirect(session ? homepageHref(session.homepage) : paths.login.getHref());
}
