export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CIVILITIES = ['mr', 'mrs'] as const;

export const ACCOUNT_STATUSES = ['pending', 'active', 'deactivated'] as const;

/** Deactivation reason of a supervised pilot account closed because its pilot was deleted. */
export const DEACTIVATED_WITH_PILOT = 'pilotDeleted';

/** Deactivation reason of an account an administrator closed: a password reset does not reopen it. */
export const DEACTIVATED_BY_ADMINISTRATOR = 'administrator';

export const AGREEMENT_STATUSES = [
  'notValidated',
  'toBeValidated',
  'validated',
  'updated',
  'nearlyExpired',
  'renewValidation',
  'expired',
  'rejected',
  'noNeedAgreement',
] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const HOMEPAGES = ['dashboard', 'preflights', 'procedures', 'live', 'replay'] as const;
export type Homepage = (typeof HOMEPAGES)[number];

export const VEHICLE_TYPES = [
  'heli',
  'drone',
  'droneHexa',
  'droneOcto',
  'wing',
  'user',
  'boat',
  'car',
  'plane',
  'spot',
  'station',
  'home',
] as const;

export const TRAFFIC_SOURCES = {
  ab: 'ADSB',
  ai: 'AIS',
  og: 'OGN',
  wi: 'Wifi',
  as: 'Aeroscope',
  ad: 'ASD',
  mo: 'mobile',
  st: 'station',
} as const;

/** Pilot rights of spec domain §3, in the order the spec lists them. */
export const PILOT_RIGHTS = [
  'personalAccount',
  'missionPreparation',
  'viewOperatorMachines',
  'editOtherPilotsPreflights',
  'editMachines',
  'editOperatorAccount',
] as const;
export type PilotRight = (typeof PILOT_RIGHTS)[number];

/** 0 disabled, 1 basic, 2 reader, 3 administrator (spec domain §3). */
export const SUPERVISION_LEVEL_MAX = 3;

export const PILOT_SKILL_TYPES = ['idDocument', 'licence', 'openA1A3', 'openA2', 'specificSts', 'other'] as const;

export const MACHINE_CLASSES = ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'none', 'privately_built'] as const;

export const ALPHA_TANGO_SYNC_STATES = ['toSync', 'synced', 'failed'] as const;
export type AlphaTangoSyncState = (typeof ALPHA_TANGO_SYNC_STATES)[number];

export const DRONE_MATERIALS = ['carbon', 'plastic', 'wood'] as const;
