export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CIVILITIES = ['mr', 'mrs'] as const;

export const ACCOUNT_STATUSES = ['pending', 'active', 'deactivated'] as const;

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

export const PROCEDURE_DISPLAY_STATES = ['inProgress', 'ok', 'ko', 'disable'] as const;
