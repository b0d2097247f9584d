// Mission statuses and actions of spec domain §4; the transitions are ours (docs/missions.md).
export const MISSION_STATUSES = [
  'draft',
  'initiated',
  'complete',
  'toBeValidated',
  'validated',
  'onGoing',
  'archived',
  'canceled',
] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const MISSION_ACTIONS = [
  'sendForValidation',
  'validate',
  'takeOff',
  'land',
  'requestEnd',
  'duplicate',
  'archive',
  'cancel',
] as const;
export type MissionAction = (typeof MISSION_ACTIONS)[number];

/** Statuses the owner still prepares: the mission can be edited and deleted, its status follows its completeness. */
export const PREPARATION_STATUSES = ['draft', 'initiated', 'complete'] as const satisfies readonly MissionStatus[];

export function isInPreparation(status: MissionStatus): boolean {
  return (PREPARATION_STATUSES as readonly MissionStatus[]).includes(status);
}

/**
 * status × action → next status. `duplicate` leaves the mission as it is (it creates a new draft copy), so its
 * entry is the same status. A missing entry is a refused transition.
 */
export const MISSION_TRANSITIONS: Readonly<Record<MissionStatus, Partial<Record<MissionAction, MissionStatus>>>> = {
  draft: { duplicate: 'draft', cancel: 'canceled' },
  initiated: { duplicate: 'initiated', cancel: 'canceled' },
  complete: { sendForValidation: 'toBeValidated', duplicate: 'complete', cancel: 'canceled' },
  toBeValidated: { validate: 'validated', duplicate: 'toBeValidated', cancel: 'canceled' },
  validated: { takeOff: 'onGoing', duplicate: 'validated', archive: 'archived', cancel: 'canceled' },
  onGoing: { land: 'validated', requestEnd: 'archived', duplicate: 'onGoing' },
  archived: { duplicate: 'archived' },
  canceled: { duplicate: 'canceled', archive: 'archived' },
};

/** The status after `action`, or null when the action is not allowed in `status`. */
export function nextStatus(status: MissionStatus, action: MissionAction): MissionStatus | null {
  return MISSION_TRANSITIONS[status][action] ?? null;
}

/** The actions allowed in `status`, in the order of MISSION_ACTIONS. */
export function allowedActions(status: MissionStatus): MissionAction[] {
  return MISSION_ACTIONS.filter((action) => MISSION_TRANSITIONS[status][action] !== undefined);
}

/** What the preparation status depends on. */
export interface MissionCompleteness {
  title: string | null | undefined;
  hasArea: boolean;
  referentPilotId: string | null | undefined;
  mainMachineId: string | null | undefined;
  startAt: unknown;
  endAt: unknown;
  maxHeightM: number | null | undefined;
}

/**
 * The status of a mission in preparation, from what it holds: complete when it has a referent pilot, a main
 * machine, an area, start and end dates and a maximum height; initiated when it has a title and an area;
 * draft otherwise.
 */
export function completenessStatus(mission: MissionCompleteness): (typeof PREPARATION_STATUSES)[number] {
  const present = (value: unknown) => value !== null && value !== undefined && value !== '';
  if (!present(mission.title?.trim()) || !mission.hasArea) return 'draft';
  const complete = [mission.referentPilotId, mission.mainMachineId, mission.startAt, mission.endAt, mission.maxHeightM].every(present);
  return complete ? 'complete' : 'initiated';
}
