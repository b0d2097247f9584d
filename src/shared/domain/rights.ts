// Rights of spec shell §6, held as data: groups carry rights, users inherit their groups' rights.
export const ADMIN_RIGHTS = [
  'USER_LIST_ADMIN',
  'USER_EDIT_ADMIN',
  'GROUP_LIST_ADMIN',
  'GROUP_EDIT_ADMIN',
  'AIRSPACE_LIST_ADMIN',
  'AIRSPACE_EDIT_ADMIN',
  'TRACKER_LIST_ADMIN',
  'TRACKER_EDIT_ADMIN',
  'COMMAND_EDIT_ADMIN',
  'ALERT_LIST_ADMIN',
  'ALERT_EDIT_ADMIN',
  'TRAFFIC_LIST_ADMIN',
  'JOURNEY_LIST_ADMIN',
  'JOURNEY_EDIT_ADMIN',
  'PREFLIGHT_LIST_ADMIN',
  'PREFLIGHT_EDIT_ADMIN',
  'VIOLATION_LIST_ADMIN',
  'DOCUMENTATION_EDIT_ADMIN',
  'DRONEMODEL_LIST_ADMIN',
  'DRONEMODEL_EDIT_ADMIN',
  'DASHBOARD_ADMIN',
  'MACHINE_LIST_DELETED_ADMIN',
  'MACHINE_EDIT_DELETED_ADMIN',
  'PILOT_LIST_DELETED_ADMIN',
  'PILOT_EDIT_DELETED_ADMIN',
] as const;

export const USER_RIGHTS = [
  'TRAFFIC_LIST',
  'JOURNEY_LIST',
  'JOURNEY_EDIT',
  'PREFLIGHT_LIST',
  'PREFLIGHT_EDIT',
  'PREFLIGHTPROCEDURE_LIST',
  'PREFLIGHTPROCEDURE_EDIT',
  'SEND_SMS',
  'PROCEDUREAUTOMATION_LIST',
  'PROCEDUREAUTOMATION_EDIT',
  'PROCEDURECLASSIFICATION_LIST',
  'PROCEDURECLASSIFICATION_EDIT',
  'PROCEDURE_ACTIVATION',
  'ATTACHEMENT_VALIDATE',
  'DOCUMENTATION_LIST',
  'MACHINE_LIST',
  'MACHINE_EDIT',
  'PILOT_LIST',
  'PILOT_EDIT',
] as const;

export const SUPERVISION_RIGHTS = ['SUPERVISION_PILOT', 'SUPERVISION_ACCOUNT_EDIT'] as const;

export const RIGHTS = [...ADMIN_RIGHTS, ...USER_RIGHTS, ...SUPERVISION_RIGHTS] as const;

export type Right = (typeof RIGHTS)[number];

/** The login answer lists rights as roles with the ROLE_ prefix the shell checks (spec shell §2). */
export const ROLE_PREFIX = 'ROLE_';

export function toRole(right: Right): string {
  return ROLE_PREFIX + right;
}

export function isRight(value: string): value is Right {
  return (RIGHTS as readonly string[]).includes(value);
}

/** An administrator holds at least one back-office right; during maintenance the platform stays open to him. */
export function isAdministrator(rights: ReadonlySet<Right>): boolean {
  return ADMIN_RIGHTS.some((right) => rights.has(right));
}

export function rightsFromRoles(roles: readonly string[]): Set<Right> {
  const rights = new Set<Right>();
  for (const role of roles) {
    const name = role.startsWith(ROLE_PREFIX) ? role.slice(ROLE_PREFIX.length) : role;
    if (isRight(name)) rights.add(name);
  }
  return rights;
}

export const OPERATOR_RIGHTS: readonly Right[] = [
  'TRAFFIC_LIST',
  'JOURNEY_LIST',
  'JOURNEY_EDIT',
  'PREFLIGHT_LIST',
  'PREFLIGHT_EDIT',
  'DOCUMENTATION_LIST',
  'MACHINE_LIST',
  'MACHINE_EDIT',
  'PILOT_LIST',
  'PILOT_EDIT',
];

export const AIRSPACE_MANAGER_RIGHTS: readonly Right[] = [
  'PREFLIGHTPROCEDURE_LIST',
  'PREFLIGHTPROCEDURE_EDIT',
  'PROCEDUREAUTOMATION_LIST',
  'PROCEDUREAUTOMATION_EDIT',
  'PROCEDURECLASSIFICATION_LIST',
  'PROCEDURECLASSIFICATION_EDIT',
  'PROCEDURE_ACTIVATION',
  'SEND_SMS',
  'TRAFFIC_LIST',
  'DOCUMENTATION_LIST',
];

export const SUPERVISED_PILOT_RIGHTS: readonly Right[] = [
  'SUPERVISION_PILOT',
  'TRAFFIC_LIST',
  'JOURNEY_LIST',
  'PREFLIGHT_LIST',
  'PREFLIGHT_EDIT',
  'MACHINE_LIST',
  'DOCUMENTATION_LIST',
];
