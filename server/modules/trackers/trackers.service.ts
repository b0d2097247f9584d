import type { Tracker, TrackerInput, TrackerListQuery } from '../../../src/shared/contracts/trackers';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { TrackersRepository, TrackerWithUser } from './trackers.repository';

export function toTracker(row: TrackerWithUser): Tracker {
  return {
    id: row.id,
    ident: row.ident,
    alias: row.alias,
    recorded: row.recorded,
    relatedUser: row.relatedUser,
    vehicle: row.vehicle,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createTrackersService({ repository, audit }: { repository: TrackersRepository; audit: AuditRepository }) {
  async function findTracker(id: string) {
    const tracker = await repository.find(id);
    if (!tracker) throw new AppError('NOT_FOUND', 'Unknown tracker');
    return tracker;
  }

  /** Spec §8 "Tracks": an ident is one tracker (case does not make another), and the related user must exist. */
  async function checkInput(input: TrackerInput, currentId?: string) {
    const same = await repository.findByIdent(input.ident);
    if (same && same.id !== currentId) throw new AppError('TRACKER_ALREADY_EXISTS', 'A tracker with this ident already exists');
    if (input.relatedUserId && !(await repository.userExists(input.relatedUserId))) {
      throw new AppError('TRACKER_UNKNOWN_USER', 'Unknown user');
    }
  }

  const record = (actor: AuthUser, action: string, id: string) =>
    audit.record({ actorId: actor.id, action, subjectType: 'tracker', subjectId: id });

  return {
    async list(query: TrackerListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toTracker), total, page: query.page, pageSize: query.pageSize };
    },
    async get(id: string) {
      return toTracker(await findTracker(id));
    },
    async create(actor: AuthUser, input: TrackerInput) {
      await checkInput(input);
      const tracker = await repository.create(input);
      await record(actor, 'tracker.created', tracker.id);
      return toTracker(tracker);
    },
    async update(actor: AuthUser, id: string, input: TrackerInput) {
      await findTracker(id);
      await checkInput(input, id);
      const tracker = await repository.update(id, input);
      await record(actor, 'tracker.updated', id);
      return toTracker(tracker);
    },
    async remove(actor: AuthUser, id: string) {
      await findTracker(id);
      await repository.remove(id);
      await record(actor, 'tracker.deleted', id);
    },
  };
}

export type TrackersService = ReturnType<typeof createTrackersService>;
