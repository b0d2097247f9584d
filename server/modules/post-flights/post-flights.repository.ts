import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { PostFlightChange, PostFlightInput } from '../../../src/shared/contracts/post-flights';

const withEntries = {
  notes: { orderBy: { createdAt: 'asc' } },
  history: { orderBy: { at: 'desc' } },
} satisfies Prisma.PostFlightInclude;

export type PostFlightRow = Prisma.PostFlightGetPayload<{ include: typeof withEntries }>;

export function createPostFlightsRepository(prisma: PrismaClient) {
  return {
    findMission(id: string) {
      return prisma.mission.findUnique({
        where: { id },
        select: {
          id: true,
          userId: true,
          title: true,
          status: true,
          startAt: true,
          endAt: true,
          referentPilotId: true,
          additionalPilots: { select: { id: true } },
        },
      });
    },

    find(missionId: string) {
      return prisma.postFlight.findUnique({ where: { missionId }, include: withEntries });
    },

    flights(missionId: string) {
      return prisma.flight.findMany({ where: { missionId }, orderBy: { takeoffAt: 'asc' }, select: { takeoffAt: true, landedAt: true } });
    },

    async trackSpan(missionId: string) {
      const span = await prisma.track.aggregate({ where: { missionId }, _min: { time: true }, _max: { time: true } });
      return span._min.time && span._max.time ? { first: span._min.time, last: span._max.time } : null;
    },

    async actorName(userId: string) {
      const user = await prisma.user.findUnique({ where: { id: userId }, select: { firstName: true, lastName: true, email: true } });
      return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : userId;
    },

    /** Writes the diary and the history entry of its changes together. */
    save(missionId: string, input: PostFlightInput, change: { actorId: string; actorName: string; changes: PostFlightChange[]; at: Date }) {
      return prisma.postFlight.upsert({
        where: { missionId },
        create: {
          missionId,
          ...input,
          history: { create: { actorId: change.actorId, actorName: change.actorName, changes: change.changes, at: change.at } },
        },
        update: {
          ...input,
          history: { create: { actorId: change.actorId, actorName: change.actorName, changes: change.changes, at: change.at } },
        },
        include: withEntries,
      });
    },

    addHistory(missionId: string, change: { actorId: string; actorName: string; changes: PostFlightChange[]; at: Date }) {
      const entry = { history: { create: change } };
      return prisma.postFlight.upsert({ where: { missionId }, create: { missionId, ...entry }, update: entry, select: { id: true } });
    },

    addNote(missionId: string, note: { authorId: string; authorName: string; text: string; at: Date }) {
      const entry = {
        notes: { create: { authorId: note.authorId, authorName: note.authorName, text: note.text, createdAt: note.at } },
        history: {
          create: {
            actorId: note.authorId,
            actorName: note.authorName,
            changes: [{ field: 'note', from: null, to: note.text }],
            at: note.at,
          },
        },
      };
      return prisma.postFlight.upsert({ where: { missionId }, create: { missionId, ...entry }, update: entry, include: withEntries });
    },
  };
}
export type PostFlightsRepository = ReturnType<typeof createPostFlightsRepository>;
