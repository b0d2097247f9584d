import { reachesOtherPilotsMissions } from '../../../src/shared/domain/supervision';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';

// The supervised pilot's rule, docs/security.md "Missions a pilot flies": a supervised pilot reaches the missions it
// flies (referent or additional pilot), and other pilots' missions only with "view and edit other pilots'
// pre-flights" at the level the mode needs. Every module that reaches a mission's data applies it through these:
// missions, attachments, requests and chat, diary, tracks, logbook, replay, weather, notifications, regulation.

/** Reading a mission's data, or changing it (writes and actions). */
export type MissionMode = 'read' | 'write';

/** Who flies a mission: its referent and additional pilots. */
export interface MissionCrew {
  referentPilotId: string | null;
  additionalPilots: readonly { id: string }[];
}

/** The pilot whose missions only the actor reaches in `mode`; null when the actor is not limited to its own flights. */
export function pilotScope(actor: AuthUser, mode: MissionMode): string | null {
  if (!actor.pilot || reachesOtherPilotsMissions(actor.pilot, mode)) return null;
  return actor.pilot.id;
}

export const flies = (pilotId: string, crew: MissionCrew) =>
  crew.referentPilotId === pilotId || crew.additionalPilots.some((pilot) => pilot.id === pilotId);

/** Throws 404, as for a missing mission, when the actor may not reach a mission of its operator flown by others. */
export function checkCrew(actor: AuthUser, crew: MissionCrew | null, mode: MissionMode) {
  const pilotId = pilotScope(actor, mode);
  if (pilotId && (!crew || !flies(pilotId, crew))) throw new AppError('NOT_FOUND', 'Unknown mission');
}

/**
 * The rule for modules that hold a mission's id, not its crew: the crew is read only for a limited pilot. The owner
 * check (the operator's own missions) stays the module's, with its own rights.
 */
export function createMissionReach(repository: { crew(missionId: string): Promise<MissionCrew | null> }) {
  return {
    async check(actor: AuthUser, missionId: string | null, mode: MissionMode) {
      if (!pilotScope(actor, mode)) return;
      checkCrew(actor, missionId ? await repository.crew(missionId) : null, mode);
    },
  };
}

export type MissionReach = ReturnType<typeof createMissionReach>;
