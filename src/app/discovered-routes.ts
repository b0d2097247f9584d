import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { loadWithin } from '@/lib/load-within';
import { getSession } from '@/lib/session';
import { closedToSession } from './navigation';
import { loginScreen, ROUTE_IDS, toHomepage } from './route-loaders';

// Every route but the login page's, the home redirect and /logout: added to the route table by the router's
// `patchRoutesOnNavigation` on the first navigation elsewhere, so the login page's JavaScript does not carry them nor
// the list of chunks each screen preloads (docs/navigation.md, "Bundle").

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen, with the translation namespaces it needs loaded alongside, within the 120 s time-out. */
function screen(load: () => Promise<ScreenModule>, ...namespaces: string[]): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await loadWithin(Promise.all([load(), loadNamespaces('errors', 'validation', 'dates', ...namespaces)]));
      return { Component: module.default };
    },
  };
}

/** Spec §2: back-office routes need a token, otherwise /login. */
function requireSession() {
  return getSession() ? null : redirect(paths.login.getHref());
}

/** A screen the session's rights close (docs/navigation.md "Supervised pilot") sends to the dashboard. */
function openTo(path: string) {
  return () => {
    const session = getSession();
    return session && closedToSession(session, path) ? redirect(paths.dashboard.getHref()) : null;
  };
}

const at = (path: string, route: Pick<RouteObject, 'lazy'>): RouteObject => ({ path, loader: openTo(path), ...route });

/** Full-width map screens (spec §2 "Layout"): no side menu. */
const mapRoutes: RouteObject[] = [
  at(
    paths.live.path,
    screen(() => import('./routes/live'), 'map'),
  ),
  at(
    paths.replay.path,
    screen(() => import('./routes/replay')),
  ),
  at(
    paths.preflights.path,
    screen(() => import('./routes/preflights')),
  ),
  at(
    paths.preflightAdd.path,
    screen(() => import('./routes/preflight-form'), 'missions', 'missionsList', 'regulation', 'map', 'attachments'),
  ),
  at(
    paths.preflightEdit.path,
    screen(() => import('./routes/preflight-form'), 'missions', 'missionsList', 'regulation', 'map', 'attachments'),
  ),
  at(
    paths.postflight.path,
    screen(() => import('./routes/postflight')),
  ),
  at(
    paths.procedures.path,
    screen(() => import('./routes/procedures')),
  ),
  at(
    paths.procedureEdit.path,
    screen(() => import('./routes/procedure-form')),
  ),
];

const compactRoutes: RouteObject[] = [
  at(
    paths.procedureAutomations.path,
    screen(() => import('./routes/procedure-automations')),
  ),
];

const adminRoutes: RouteObject[] = [
  at(
    paths.dashboard.path,
    screen(() => import('./routes/dashboard'), 'dashboard'),
  ),
  at(
    paths.users.path,
    screen(() => import('./routes/users')),
  ),
  at(
    paths.userAdd.path,
    screen(() => import('./routes/user-form')),
  ),
  at(
    paths.userEdit.path,
    screen(() => import('./routes/user-form')),
  ),
  at(
    paths.account.path,
    screen(() => import('./routes/account'), 'account', 'auth'),
  ),
  at(
    paths.parentAccount.path,
    screen(() => import('./routes/parent-account'), 'account'),
  ),
  at(
    paths.outbox.path,
    screen(() => import('./routes/outbox'), 'outbox'),
  ),
  at(
    paths.logbook.path,
    screen(() => import('./routes/logbook'), 'postFlights'),
  ),
  at(
    paths.procedureClassifications.path,
    screen(() => import('./routes/procedure-classifications')),
  ),
  at(
    paths.groups.path,
    screen(() => import('./routes/groups')),
  ),
  at(
    paths.groupAdd.path,
    screen(() => import('./routes/group-form')),
  ),
  at(
    paths.groupEdit.path,
    screen(() => import('./routes/group-form')),
  ),
  at(
    paths.airspaces.path,
    screen(() => import('./routes/airspaces')),
  ),
  at(
    paths.airspaceAdd.path,
    screen(() => import('./routes/airspace-form')),
  ),
  at(
    paths.airspaceEdit.path,
    screen(() => import('./routes/airspace-form')),
  ),
  at(
    paths.myAirspace.path,
    screen(() => import('./routes/my-airspace')),
  ),
  at(
    paths.pilots.path,
    screen(() => import('./routes/pilots'), 'pilots'),
  ),
  at(
    paths.userPilots.path,
    screen(() => import('./routes/pilots'), 'pilots'),
  ),
  at(
    paths.pilotAdd.path,
    screen(() => import('./routes/pilot-form'), 'pilots'),
  ),
  at(
    paths.userPilotAdd.path,
    screen(() => import('./routes/pilot-form'), 'pilots'),
  ),
  at(
    paths.pilotEdit.path,
    screen(() => import('./routes/pilot-form'), 'pilots', 'account', 'attachments'),
  ),
  at(
    paths.userPilotEdit.path,
    screen(() => import('./routes/pilot-form'), 'pilots'),
  ),
  at(
    paths.machines.path,
    screen(() => import('./routes/machines'), 'machines'),
  ),
  at(
    paths.userMachines.path,
    screen(() => import('./routes/machines'), 'machines'),
  ),
  at(
    paths.machineAdd.path,
    screen(() => import('./routes/machine-form'), 'machines', 'validation'),
  ),
  at(
    paths.userMachineAdd.path,
    screen(() => import('./routes/machine-form'), 'machines', 'validation'),
  ),
  at(
    paths.machineEdit.path,
    screen(() => import('./routes/machine-form'), 'machines', 'validation'),
  ),
  at(
    paths.userMachineEdit.path,
    screen(() => import('./routes/machine-form'), 'machines', 'validation'),
  ),
  at(
    paths.userPayments.path,
    screen(() => import('./routes/payments'), 'payments'),
  ),
  at(
    paths.userPaymentEdit.path,
    screen(() => import('./routes/payment-form'), 'payments', 'validation'),
  ),
  at(
    paths.devices.path,
    screen(() => import('./routes/devices'), 'devices'),
  ),
  at(
    paths.trackers.path,
    screen(() => import('./routes/trackers'), 'trackers'),
  ),
  at(
    paths.trackerAdd.path,
    screen(() => import('./routes/tracker-form'), 'trackers', 'validation'),
  ),
  at(
    paths.trackerEdit.path,
    screen(() => import('./routes/tracker-form'), 'trackers', 'validation'),
  ),
  at(
    paths.whitelistMachine.path,
    screen(() => import('./routes/whitelist-machine'), 'whitelist'),
  ),
  at(
    paths.validateAttachments.path,
    screen(() => import('./routes/validate-attachments')),
  ),
  at(
    paths.alerts.path,
    screen(() => import('./routes/alerts'), 'alerts', 'validation'),
  ),
  at(
    paths.alertAdd.path,
    screen(() => import('./routes/alert-form'), 'alerts', 'validation', 'map'),
  ),
  at(
    paths.alertEdit.path,
    screen(() => import('./routes/alert-form'), 'alerts', 'validation', 'map'),
  ),
  at(
    paths.violations.path,
    screen(() => import('./routes/violations'), 'alerts'),
  ),
  at(
    paths.documents.path,
    screen(() => import('./routes/documents'), 'documents'),
  ),
  at(
    paths.documentAdd.path,
    screen(() => import('./routes/document-form'), 'documents', 'validation'),
  ),
  at(
    paths.documentEdit.path,
    screen(() => import('./routes/document-form'), 'documents', 'validation'),
  ),
  at(
    paths.droneModels.path,
    screen(() => import('./routes/drone-models'), 'droneModels'),
  ),
  at(
    paths.droneModelAdd.path,
    screen(() => import('./routes/drone-model-form'), 'droneModels'),
  ),
  at(
    paths.droneModelEdit.path,
    screen(() => import('./routes/drone-model-form'), 'droneModels'),
  ),
  at(
    paths.myAgreement.path,
    screen(() => import('./routes/my-agreement')),
  ),
];

const queryLayout = async () => ({ Component: (await import('./layouts/query-layout')).QueryLayout });

/** Signed-out screens that read the API through react-query (the activation link's screen is the login page's). */
const publicQueryRoutes: RouteObject[] = [
  at(paths.activateAccount.path, loginScreen),
  at(
    paths.signup.path,
    screen(() => import('./routes/signup'), 'auth'),
  ),
  at(
    paths.forgottenPassword.path,
    screen(() => import('./routes/forgotten-password'), 'auth'),
  ),
  at(
    paths.resetPassword.path,
    screen(() => import('./routes/reset-password'), 'auth'),
  ),
  at(
    paths.changePassword.path,
    screen(() => import('./routes/change-password'), 'auth'),
  ),
  at(
    paths.activateNewEmail.path,
    screen(() => import('./routes/activate-new-email'), 'auth'),
  ),
  at(
    paths.maintenance.path,
    screen(() => import('./routes/maintenance')),
  ),
  at(
    paths.attachmentRead.path,
    screen(() => import('./routes/attachment-read'), 'navigation'),
  ),
  at(
    '*',
    screen(() => import('./routes/not-found')),
  ),
];

/** The routes to add, by the id of the route they go under. */
export const discoveredRoutes: Record<(typeof ROUTE_IDS)[keyof typeof ROUTE_IDS], RouteObject[]> = {
  [ROUTE_IDS.public]: [{ id: 'public-query', lazy: queryLayout, children: publicQueryRoutes }],
  [ROUTE_IDS.root]: [
    {
      id: 'backoffice-query',
      lazy: queryLayout,
      children: [
        {
          path: paths.backoffice.path,
          loader: requireSession,
          lazy: async () => {
            const [module] = await Promise.all([import('./layouts/backoffice-root'), loadNamespaces('navigation')]);
            return { Component: module.BackofficeRoot };
          },
          children: [
            { index: true, loader: toHomepage },
            { lazy: async () => ({ Component: (await import('./layouts/backoffice-shell')).AdminLayout }), children: adminRoutes },
            { lazy: async () => ({ Component: (await import('./layouts/backoffice-shell')).MapLayout }), children: mapRoutes },
            { lazy: async () => ({ Component: (await import('./layouts/backoffice-shell')).CompactLayout }), children: compactRoutes },
          ],
        },
      ],
    },
  ],
};
