import type { Restriction } from '@/shared/geozones/zone';

/** Geozones are coloured by restriction wherever a map shows them (docs/map.md "Layers"). */
export const RESTRICTION_COLORS: Readonly<Record<Restriction, string>> = {
  PROHIBITED: '#e03131',
  REQ_AUTHORISATION: '#f76707',
  CONDITIONAL: '#f2c200',
  NO_RESTRICTION: '#1c7ed6',
};
