import type { PostFlight, PostFlightChange, PostFlightInput } from '../../../src/shared/contracts/post-flights';
import { minutesBetween } from '../../../src/shared/domain/post-flight';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import { checkCrew } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { PostFlightRow, PostFlightsRepository } from './post-flights.repository';

/** A diary is kept once the mission has flown or may fly: validated, flying or archived. */
const DIARY_STATUSES = ['validated', 'onGoing', 'archived'];

const FIELDS = ['flightTimeMin', 'activity', 'activityOther'] as const;

export function createPostFlightsService(deps: { repository: PostFlightsRepository; owners: RecordOwners; clock: Clock }) {
  const { repository, owners, clock } = deps;

  /**
   * JOURNEY_*_ADMIN reaches every diary; JOURNEY_LIST/EDIT the diaries of the operator's own missions, a supervised
   * pilot those of the missions it may reach (404 otherwise).
   */
  async function findMission(actor: AuthUser, missionId: string, mode: 'read' | 'edit') {
    const mission = await repository.findMission(missionId);
    if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
    const [own, admin] =
      mode === 'read' ? (['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'] as const) : (['JOURNEY_EDIT', 'JOURNEY_EDIT_ADMIN'] as const);
    if (actor.rights.has(admin)) return mission;
    if (!actor.rights.has(own) || mission.userId !== (await owners.ownerId(actor, { kind: 'own' })))
      throw new AppError('NOT_FOUND', 'Unknown mission');
    checkCrew(actor, mission, mode === 'read' ? 'read' : 'write');
    return mission;
  }

  async function view(mission: { id: string; title: string; status: string }, row: PostFlightRow | null): Promise<PostFlight> {
    const [flights, span] = await Promise.all([repository.flights(mission.id), repository.trackSpan(mission.id)]);
    const landed = flights.filter((f) => f.landedAt);
    return {
      missionId: mission.id,
      missionTitle: mission.title,
      missionStatus: mission.status as PostFlight['missionStatus'],
      flightTimeMin: row?.flightTimeMin ?? null,
      activity: row?.activity ?? null,
      activityOther: row?.activityOther ?? null,
      proposedFlightTimeMin: {
        fromFlights: landed.length ? landed.reduce((sum, f) => sum + minutesBetween(f.takeoffAt, f.landedAt!), 0) : null,
        fromTracks: span ? minutesBetween(span.first, span.last) : null,
      },
      flights: flights.map((f) => ({ takeoffAt: f.takeoffAt.toISOString(), landedAt: f.landedAt?.toISOString() ?? null })),
      notes: (row?.notes ?? []).map((n) => ({ id: n.id, authorName: n.authorName, text: n.text, createdAt: n.createdAt.toISOString() })),
      history: (row?.history ?? []).map((h) => ({
        id: h.id,
        actorName: h.actorName,
        at: h.at.toISOString(),
        changes: h.changes as PostFlightChange[],
      })),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  function checkFlown(mission: { status: string }) {
    if (!DIARY_STATUSES.includes(mission.status))
      throw new AppError('POST_FLIGHT_NOT_FLOWN', 'A post-flight diary is kept once the mission is validated');
  }

  return {
    /** The mission of a diary, if the actor may read or edit it (the tracks of a mission follow its diary's rights). */
    findMission,
    checkFlown,

    /** Writes one history entry for something attached to the diary, such as an imported track file. */
    async record(actor: AuthUser, missionId: string, change: PostFlightChange) {
      const actorName = await repository.actorName(actor.id);
      await repository.addHistory(missionId, { actorId: actor.id, actorName, changes: [change], at: clock.now() });
    },

    async get(actor: AuthUser, missionId: string): Promise<PostFlight> {
      const mission = await findMission(actor, missionId, 'read');
      return view(mission, await repository.find(missionId));
    },

    /** Saves the diary; only what changed is written to its history, and a save that changes nothing is not kept. */
    async update(actor: AuthUser, missionId: string, input: PostFlightInput): Promise<PostFlight> {
      const mission = await findMission(actor, missionId, 'edit');
      checkFlown(mission);
      const current = await repository.find(missionId);
      const changes: PostFlightChange[] = FIELDS.filter((field) => (current?.[field] ?? null) !== input[field]).map((field) => ({
        field,
        from: current?.[field] ?? null,
        to: input[field],
      }));
      if (!changes.length) return view(mission, current);
      const actorName = await repository.actorName(actor.id);
      return view(mission, await repository.save(missionId, input, { actorId: actor.id, actorName, changes, at: clock.now() }));
    },

    async addNote(actor: AuthUser, missionId: string, text: string): Promise<PostFlight> {
      const mission = await findMission(actor, missionId, 'edit');
      checkFlown(mission);
      const authorName = await repository.actorName(actor.id);
      return view(mission, await repository.addNote(missionId, { authorId: actor.id, authorName, text, at: clock.now() }));
    },
  };
}
export type PostFlightsService = ReturnType<typeof createPostFlightsService>;
