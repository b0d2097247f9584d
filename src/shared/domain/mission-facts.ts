import type { PilotCertificate } from '../regulation/codes';
import type { PILOT_SKILL_TYPES } from './enums';

/**
 * Pilot documents count as the engine's certificates (docs/missions.md): openA1A3 is the A1/A3 online exam,
 * openA2 the A2 certificate of competency, specificSts the STS theoretical exam. Identity documents and
 * licences of other kinds give no open/specific competency. Shared by the server's verdict of a stored mission
 * and the form's live verdict.
 */
export const CERTIFICATE_OF_SKILL: Partial<Record<(typeof PILOT_SKILL_TYPES)[number], PilotCertificate>> = {
  openA1A3: 'A1A3_EXAM',
  openA2: 'A2_COC',
  specificSts: 'STS_THEORY',
};

/** Age in whole years on `day` (YYYY-MM-DD) of someone born on `birthDate` (a Date or an ISO date). */
export function ageOn(birthDate: Date | string, day: string): number {
  const birth = typeof birthDate === 'string' ? birthDate.slice(0, 10) : birthDate.toISOString().slice(0, 10);
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) < birth.slice(5) ? years - 1 : years;
}
