import type { Homepage } from '@/shared/domain/enums';

const enc = encodeURIComponent;
const BO = '/backoffice';

function route<P extends string, A extends unknown[]>(path: P, getHref: (...args: A) => string) {
  return { path, getHref } as const;
}

const fixed = <P extends string>(path: P) => route(path, () => path);

/** Every route of spec shell §2: the router's path and the href builder links use. */
export const paths = {
  home: fixed('/'),
  maintenance: fixed('/maintenance'),
  login: route('/login', (options: { expired?: boolean } = {}) => (options.expired ? '/login?expired=1' : '/login')),
  activateAccount: route('/activate-account/:token', (token: string) => `/activate-account/${enc(token)}`),
  signup: fixed('/signup'),
  forgottenPassword: fixed('/forgotten-password'),
  resetPassword: route('/reset-password/:token', (token: string) => `/reset-password/${enc(token)}`),
  changePassword: fixed('/change-password'),
  activateNewEmail: route('/activate-new-email/:token', (token: string) => `/activate-new-email/${enc(token)}`),
  logout: fixed('/logout'),
  attachmentRead: route('/attachements/read/:type/:id', (type: string, id: string) => `/attachements/read/${enc(type)}/${enc(id)}`),

  backoffice: fixed(BO),
  dashboard: fixed(`${BO}/dashboard`),
  users: fixed(`${BO}/users`),
  userAdd: fixed(`${BO}/users/add`),
  userEdit: route(`${BO}/users/edit/:id`, (id: string) => `${BO}/users/edit/${enc(id)}`),
  account: fixed(`${BO}/account`),
  parentAccount: fixed(`${BO}/account/parent`),
  outbox: fixed(`${BO}/outbox`),
  procedureAutomations: fixed(`${BO}/procedureautomations`),
  procedureClassifications: fixed(`${BO}/procedureclassifications`),
  groups: fixed(`${BO}/groups`),
  groupAdd: fixed(`${BO}/groups/add`),
  groupEdit: route(`${BO}/groups/edit/:id`, (id: string) => `${BO}/groups/edit/${enc(id)}`),
  airspaces: fixed(`${BO}/airspaces`),
  airspaceAdd: fixed(`${BO}/airspaces/add`),
  airspaceEdit: route(`${BO}/airspaces/edit/:id`, (id: string) => `${BO}/airspaces/edit/${enc(id)}`),
  myAirspace: fixed(`${BO}/airspace`),
  pilots: fixed(`${BO}/pilots`),
  userPilots: route(`${BO}/pilots/user/:userId`, (userId: string) => `${BO}/pilots/user/${enc(userId)}`),
  pilotAdd: fixed(`${BO}/pilots/add`),
  userPilotAdd: route(`${BO}/pilots/add/:userId`, (userId: string) => `${BO}/pilots/add/${enc(userId)}`),
  pilotEdit: route(`${BO}/pilots/edit/:id`, (id: string) => `${BO}/pilots/edit/${enc(id)}`),
  userPilotEdit: route(`${BO}/pilots/edit/:userId/:id`, (userId: string, id: string) => `${BO}/pilots/edit/${enc(userId)}/${enc(id)}`),
  machines: fixed(`${BO}/machines`),
  userMachines: route(`${BO}/machines/user/:userId`, (userId: string) => `${BO}/machines/user/${enc(userId)}`),
  machineAdd: fixed(`${BO}/machines/add`),
  userMachineAdd: route(`${BO}/machines/add/:userId`, (userId: string) => `${BO}/machines/add/${enc(userId)}`),
  machineEdit: route(`${BO}/machines/edit/:id`, (id: string) => `${BO}/machines/edit/${enc(id)}`),
  userMachineEdit: route(
    `${BO}/machines/edit/:userId/:id`,
    (userId: string, id: string) => `${BO}/machines/edit/${enc(userId)}/${enc(id)}`,
  ),
  userPayments: route(`${BO}/payments/user/:userId`, (userId: string) => `${BO}/payments/user/${enc(userId)}`),
  userPaymentEdit: route(
    `${BO}/payments/edit/:userId/:id`,
    (userId: string, id: string) => `${BO}/payments/edit/${enc(userId)}/${enc(id)}`,
  ),
  devices: fixed(`${BO}/devices`),
  trackers: fixed(`${BO}/trackers`),
  trackerAdd: fixed(`${BO}/trackers/add`),
  trackerEdit: route(`${BO}/trackers/edit/:id`, (id: string) => `${BO}/trackers/edit/${enc(id)}`),
  whitelistMachine: fixed(`${BO}/whitelistmachine`),
  validateAttachments: fixed(`${BO}/validateattachements`),
  alerts: fixed(`${BO}/alerts`),
  alertAdd: fixed(`${BO}/alerts/add`),
  alertEdit: route(`${BO}/alerts/edit/:id`, (id: string) => `${BO}/alerts/edit/${enc(id)}`),
  documents: fixed(`${BO}/documents`),
  documentAdd: fixed(`${BO}/documents/add`),
  documentEdit: route(`${BO}/documents/edit/:id`, (id: string) => `${BO}/documents/edit/${enc(id)}`),
  droneModels: fixed(`${BO}/dronemodels`),
  droneModelAdd: fixed(`${BO}/dronemodels/add`),
  droneModelEdit: route(`${BO}/dronemodels/edit/:id`, (id: string) => `${BO}/dronemodels/edit/${enc(id)}`),
  live: fixed(`${BO}/live`),
  preflights: fixed(`${BO}/preflights`),
  preflightAdd: fixed(`${BO}/preflights/add`),
  preflightEdit: route(`${BO}/preflights/edit/:id`, (id: string) => `${BO}/preflights/edit/${enc(id)}`),
  postflight: route(`${BO}/postflights/:id`, (id: string) => `${BO}/postflights/${enc(id)}`),
  replay: fixed(`${BO}/replay`),
  /** Not listed in spec §2: the operator's logbook of issue 11 (docs/post-flight.md "Logbook"). */
  logbook: fixed(`${BO}/logbook`),
  myAgreement: fixed(`${BO}/myagreement`),
  procedures: fixed(`${BO}/procedures`),
  procedureEdit: route(`${BO}/procedure/edit/:id`, (id: string) => `${BO}/procedure/edit/${enc(id)}`),
  /** Not listed in spec §2: the 'violations' menu entry needs a screen (docs/navigation.md). */
  violations: fixed(`${BO}/violations`),
} as const;

/** Spec §2: `/` goes to /backoffice/{homepage}; every homepage value is a back-office route. */
export function homepageHref(homepage: Homepage | null | undefined): string {
  return `${BO}/${homepage ?? 'dashboard'}`;
}

/** The API reference (Swagger UI on /api/openapi.json), served by the API itself, outside the SPA's routes. */
export const API_REFERENCE_HREF = '/api/docs/';
