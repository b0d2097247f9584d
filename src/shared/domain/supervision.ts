import type { PilotRight } from './enums';
import type { Right } from './rights';

// What a supervised pilot account may do (spec domain §3), the matrix of docs/security.md "Rights": the pilot's
// supervision level caps which of the rights its operator ticked take effect. Shared so that the server (token
// rights, mission scope) and the SPA (what it offers) read the same table.

export const SUPERVISION_DISABLED = 0;
export const SUPERVISION_BASIC = 1;
export const SUPERVISION_READER = 2;
export const SUPERVISION_ADMINISTRATOR = 3;

/** Rights a supervised account holds only through its pilot's level and rights, whatever its groups say. */
export const PILOT_CONTROLLED_RIGHTS: readonly Right[] = [
  'PREFLIGHT_LIST',
  'PREFLIGHT_EDIT',
  'JOURNEY_EDIT',
  'MACHINE_LIST',
  'MACHINE_EDIT',
  'SUPERVISION_ACCOUNT_EDIT',
];

export interface PilotSupervision {
  level: number;
  rights: Iterable<PilotRight>;
}

/** The lowest level at which each pilot right grants each platform right. */
const GRANTS: Record<PilotRight, [level: number, rights: Right[]][]> = {
  personalAccount: [],
  // The diary and track of a flight are written by who prepared and flew it (the missions it may reach).
  missionPreparation: [[SUPERVISION_BASIC, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'JOURNEY_EDIT']]],
  viewOperatorMachines: [[SUPERVISION_BASIC, ['MACHINE_LIST']]],
  editOtherPilotsPreflights: [
    [SUPERVISION_READER, ['PREFLIGHT_LIST']],
    [SUPERVISION_ADMINISTRATOR, ['PREFLIGHT_EDIT']],
  ],
  editMachines: [[SUPERVISION_ADMINISTRATOR, ['MACHINE_LIST', 'MACHINE_EDIT']]],
  editOperatorAccount: [[SUPERVISION_ADMINISTRATOR, ['SUPERVISION_ACCOUNT_EDIT']]],
};

/**
 * The rights of a supervised account: its groups' rights without the pilot-controlled ones, plus those its pilot's
 * rights grant at its level. Level 0 (disabled) holds none: it cannot sign in.
 */
export function supervisedRights(groupRights: Iterable<Right>, pilot: PilotSupervision): Right[] {
  if (pilot.level <= SUPERVISION_DISABLED) return [];
  const rights = new Set<Right>([...groupRights].filter((right) => !PILOT_CONTROLLED_RIGHTS.includes(right)));
  for (const pilotRight of pilot.rights)
    for (const [level, granted] of GRANTS[pilotRight]) if (pilot.level >= level) for (const right of granted) rights.add(right);
  return [...rights].sort();
}

/** Other pilots' missions: read from level 2 with the right, written at level 3 only. */
export function reachesOtherPilotsMissions(pilot: PilotSupervision, mode: 'read' | 'write'): boolean {
  if (![...pilot.rights].includes('editOtherPilotsPreflights')) return false;
  return pilot.level >= (mode === 'read' ? SUPERVISION_READER : SUPERVISION_ADMINISTRATOR);
}

/**
 * Validating a mission commits the operator: a supervised pilot validates only as the operator's deputy, at level 3
 * with "view and edit other pilots' pre-flights" (docs/security.md). A Basic or Reader pilot sends for validation.
 */
export function validatesMissions(pilot: PilotSupervision): boolean {
  return pilot.level >= SUPERVISION_ADMINISTRATOR && [...pilot.rights].includes('editOtherPilotsPreflights');
}

/** The own account (profile, e-mail): with "personal account" from level 1. The password can always be changed. */
export function editsPersonalAccount(pilot: PilotSupervision): boolean {
  return pilot.level >= SUPERVISION_BASIC && [...pilot.rights].includes('personalAccount');
}
