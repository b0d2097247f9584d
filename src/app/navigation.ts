import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import { can, type Permission } from '@/lib/authorization';
import type { Session } from '@/lib/session';

/**
 * Who sees which tab, menu entry and user-menu link. The mapping entry → right → route is documented in
 * docs/navigation.md; keep both in step.
 */
export interface NavigationContext {
  session: Session;
  /** From GET /api/status: the company domain whose accounts see the devices entry. */
  devicesEmailDomain: string | null;
  /** The user a back-office screen is about (users/edit/{id}, pilots/user/{userId}…), if any. */
  contextUserId: string | null;
}

export interface NavItem {
  key: string;
  href: string;
  /** Path prefixes that make the item active; the longest match wins. */
  activePrefixes: string[];
  disabled?: boolean;
}

export type MenuSection = 'operations' | 'administration' | 'mySpace';

export interface MenuEntry extends NavItem {
  section: MenuSection;
}

const ALWAYS = () => true;
const has = (permission: Permission) => (session: Session) => can(session, permission);
const isSupervisedPilot = has('SUPERVISION_PILOT');

interface TabDefinition {
  key: string;
  href: string;
  visible: (session: Session) => boolean;
  activePrefixes?: string[];
}

/** Spec §2 "Feature tab visibility", exactly. */
const TABS: TabDefinition[] = [
  { key: 'dashboard', href: paths.dashboard.getHref(), visible: ALWAYS },
  {
    key: 'procedures',
    href: paths.procedures.getHref(),
    visible: has('PREFLIGHTPROCEDURE_LIST'),
    activePrefixes: [paths.procedures.getHref(), '/backoffice/procedure'],
  },
  {
    key: 'preflights',
    href: paths.preflights.getHref(),
    visible: has(['PREFLIGHT_LIST', 'PREFLIGHT_LIST_ADMIN']),
    activePrefixes: [paths.preflights.getHref(), '/backoffice/postflights'],
  },
  { key: 'live', href: paths.live.getHref(), visible: ALWAYS },
  { key: 'replay', href: paths.replay.getHref(), visible: has(['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN']) },
];

export function visibleTabs(session: Session): NavItem[] {
  return TABS.filter((tab) => tab.visible(session)).map(({ key, href, activePrefixes }) => ({
    key,
    href,
    activePrefixes: activePrefixes ?? [href],
  }));
}

interface MenuDefinition {
  key: string;
  section: MenuSection;
  visible: (context: NavigationContext) => boolean;
  /** null: the entry has nowhere to go in this context and is shown disabled. */
  href: (context: NavigationContext) => string | null;
  activePrefixes?: (context: NavigationContext) => string[];
}

const fixedHref = (href: string) => () => href;
const onSession = (predicate: (session: Session) => boolean) => (context: NavigationContext) => predicate(context.session);

/** Spec §2 "Menu entries", in the spec's order, plus the admin outbox and the logbook (issue 11). */
const MENU: MenuDefinition[] = [
  {
    key: 'preflights',
    section: 'operations',
    visible: onSession(has(['PREFLIGHT_LIST', 'PREFLIGHT_LIST_ADMIN'])),
    href: fixedHref(paths.preflights.getHref()),
    activePrefixes: () => [paths.preflights.getHref(), '/backoffice/postflights'],
  },
  {
    key: 'procedures',
    section: 'operations',
    visible: onSession(has('PREFLIGHTPROCEDURE_LIST')),
    href: fixedHref(paths.procedures.getHref()),
    activePrefixes: () => [paths.procedures.getHref(), '/backoffice/procedure'],
  },
  {
    key: 'replay',
    section: 'operations',
    visible: onSession(has(['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'])),
    href: fixedHref(paths.replay.getHref()),
  },
  {
    key: 'logbook',
    section: 'operations',
    visible: onSession(has(['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'])),
    href: fixedHref(paths.logbook.getHref()),
  },
  { key: 'live', section: 'operations', visible: ALWAYS, href: fixedHref(paths.live.getHref()) },
  { key: 'dashboard', section: 'operations', visible: ALWAYS, href: fixedHref(paths.dashboard.getHref()) },
  // Everyone reads the violations of his own flights; VIOLATION_LIST_ADMIN reads them all (docs/alerts.md).
  { key: 'violations', section: 'operations', visible: ALWAYS, href: fixedHref(paths.violations.getHref()) },

  { key: 'users', section: 'administration', visible: onSession(has('USER_LIST_ADMIN')), href: fixedHref(paths.users.getHref()) },
  { key: 'groups', section: 'administration', visible: onSession(has('GROUP_LIST_ADMIN')), href: fixedHref(paths.groups.getHref()) },
  {
    key: 'airspaces',
    section: 'administration',
    visible: onSession(has('AIRSPACE_LIST_ADMIN')),
    href: fixedHref(paths.airspaces.getHref()),
  },
  { key: 'trackers', section: 'administration', visible: onSession(has('TRACKER_LIST_ADMIN')), href: fixedHref(paths.trackers.getHref()) },
  {
    key: 'whitelist',
    section: 'administration',
    visible: onSession(has('USER_EDIT_ADMIN')),
    href: fixedHref(paths.whitelistMachine.getHref()),
  },
  {
    key: 'validateAttachments',
    section: 'administration',
    visible: onSession(has('ATTACHEMENT_VALIDATE')),
    href: fixedHref(paths.validateAttachments.getHref()),
  },
  { key: 'alerts', section: 'administration', visible: onSession(has('ALERT_LIST_ADMIN')), href: fixedHref(paths.alerts.getHref()) },
  { key: 'outbox', section: 'administration', visible: onSession(has('USER_LIST_ADMIN')), href: fixedHref(paths.outbox.getHref()) },

  {
    // A supervised pilot's "my account" is their pilot record; the account page is not theirs (spec §6).
    key: 'account',
    section: 'mySpace',
    visible: ALWAYS,
    href: ({ session }) =>
      isSupervisedPilot(session) ? (session.supervision ? paths.pilotEdit.getHref(session.supervision) : null) : paths.account.getHref(),
  },
  {
    key: 'myAirspace',
    section: 'mySpace',
    visible: onSession(has('PREFLIGHTPROCEDURE_LIST')),
    href: fixedHref(paths.myAirspace.getHref()),
  },
  {
    key: 'automations',
    section: 'mySpace',
    visible: onSession(has('PROCEDUREAUTOMATION_LIST')),
    href: fixedHref(paths.procedureAutomations.getHref()),
  },
  {
    key: 'classifications',
    section: 'mySpace',
    visible: onSession(has('PROCEDURECLASSIFICATION_LIST')),
    href: fixedHref(paths.procedureClassifications.getHref()),
  },
  {
    key: 'parentAccount',
    section: 'mySpace',
    visible: onSession(has('SUPERVISION_ACCOUNT_EDIT')),
    href: fixedHref(paths.parentAccount.getHref()),
  },
  { key: 'pilots', section: 'mySpace', visible: onSession(has('PILOT_LIST')), href: fixedHref(paths.pilots.getHref()) },
  {
    key: 'userPilots',
    section: 'mySpace',
    visible: onSession(has('USER_LIST_ADMIN')),
    href: ({ contextUserId }) => (contextUserId ? paths.userPilots.getHref(contextUserId) : null),
  },
  { key: 'machines', section: 'mySpace', visible: onSession(has('MACHINE_LIST')), href: fixedHref(paths.machines.getHref()) },
  {
    key: 'userMachines',
    section: 'mySpace',
    visible: onSession(has('USER_LIST_ADMIN')),
    href: ({ contextUserId }) => (contextUserId ? paths.userMachines.getHref(contextUserId) : null),
  },
  {
    key: 'devices',
    section: 'mySpace',
    visible: ({ session, devicesEmailDomain }) =>
      !!devicesEmailDomain && session.email.toLowerCase().endsWith(`@${devicesEmailDomain.toLowerCase()}`),
    href: fixedHref(paths.devices.getHref()),
  },
  {
    key: 'documents',
    section: 'mySpace',
    visible: onSession(has(['DOCUMENTATION_LIST', 'DOCUMENTATION_EDIT_ADMIN'])),
    href: fixedHref(paths.documents.getHref()),
  },
  { key: 'droneModels', section: 'mySpace', visible: ALWAYS, href: fixedHref(paths.droneModels.getHref()) },
  // Spec §2: "The my-agreement entry is currently never shown."
  { key: 'myAgreement', section: 'mySpace', visible: () => false, href: fixedHref(paths.myAgreement.getHref()) },
  {
    // Own payments: operators (who create missions) and not a supervised pilot, whose operator pays.
    key: 'payments',
    section: 'mySpace',
    visible: ({ session }) => can(session, 'PREFLIGHT_EDIT') && !isSupervisedPilot(session) && !!session.userId,
    href: ({ session }) => (session.userId ? paths.userPayments.getHref(session.userId) : null),
  },
  {
    key: 'userPayments',
    section: 'mySpace',
    visible: onSession(has('USER_EDIT_ADMIN')),
    href: ({ contextUserId }) => (contextUserId ? paths.userPayments.getHref(contextUserId) : null),
  },
];

export function visibleMenuEntries(context: NavigationContext): MenuEntry[] {
  return MENU.filter((entry) => entry.visible(context)).map((entry) => {
    const href = entry.href(context);
    return {
      key: entry.key,
      section: entry.section,
      href: href ?? '',
      disabled: href === null,
      activePrefixes: entry.activePrefixes?.(context) ?? (href ? [href] : []),
    };
  });
}

export interface UserMenuLink {
  key: string;
  href: string;
}

/** Spec §2 "user menu", each link gated like its side-menu counterpart. */
export function userMenuLinks(session: Session): UserMenuLink[] {
  const links: (UserMenuLink | false)[] = [
    { key: 'dashboard', href: paths.dashboard.getHref() },
    !isSupervisedPilot(session) && { key: 'account', href: paths.account.getHref() },
    can(session, 'PREFLIGHTPROCEDURE_LIST') && { key: 'myAirspace', href: paths.myAirspace.getHref() },
    can(session, 'PROCEDUREAUTOMATION_LIST') && { key: 'automations', href: paths.procedureAutomations.getHref() },
    can(session, 'PROCEDURECLASSIFICATION_LIST') && { key: 'classifications', href: paths.procedureClassifications.getHref() },
    isSupervisedPilot(session) && !!session.supervision && { key: 'ownPilot', href: paths.pilotEdit.getHref(session.supervision) },
    can(session, 'PILOT_LIST') && { key: 'pilots', href: paths.pilots.getHref() },
    can(session, 'MACHINE_LIST') && { key: 'machines', href: paths.machines.getHref() },
    { key: 'logout', href: paths.logout.getHref() },
  ];
  return links.filter((link): link is UserMenuLink => !!link);
}

/**
 * Screens a supervised pilot reaches only with the right their work needs (spec shell §6: the account page is hidden;
 * docs/navigation.md "Supervised pilot"): typed as an address, they send him to the dashboard rather than fail.
 */
const SUPERVISED_PILOT_ROUTES: Record<string, (session: Session) => boolean> = {
  [paths.account.path]: () => false,
  [paths.pilots.path]: has('PILOT_LIST'),
  [paths.pilotAdd.path]: has('PILOT_EDIT'),
  [paths.machineAdd.path]: has('MACHINE_EDIT'),
  [paths.myAgreement.path]: has('SUPERVISION_ACCOUNT_EDIT'),
};

/** Whether the route pattern `path` is closed to the session (only supervised pilots have closed routes). */
export function closedToSession(session: Session, path: string): boolean {
  const allowed = SUPERVISED_PILOT_ROUTES[path];
  return !!allowed && isSupervisedPilot(session) && !allowed(session);
}

const USER_CONTEXT_ROUTES = [
  paths.userEdit.path,
  paths.userPilots.path,
  paths.userPilotAdd.path,
  paths.userPilotEdit.path,
  paths.userMachines.path,
  paths.userMachineAdd.path,
  paths.userMachineEdit.path,
  paths.userPayments.path,
  paths.userPaymentEdit.path,
];

/** The user a screen is about, so the user pilots / machines / payments entries can point at them. */
export function contextUserIdOf(pathname: string): string | null {
  for (const pattern of USER_CONTEXT_ROUTES) {
    const match = matchPath(pattern, pathname);
    if (match) return match.params.userId ?? match.params.id ?? null;
  }
  return null;
}

/** The item whose prefix is the longest match of the current path, so nested screens light their entry. */
export function activeKeyOf(items: readonly NavItem[], pathname: string): string | null {
  let best: { key: string; length: number } | null = null;
  for (const item of items) {
    for (const prefix of item.activePrefixes) {
      if (!prefix) continue;
      const matches = pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
      if (matches && (!best || prefix.length > best.length)) best = { key: item.key, length: prefix.length };
    }
  }
  return best?.key ?? null;
}
