import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { TrackerInput, TrackerListQuery } from '../../../src/shared/contracts/trackers';
import { userBrief } from '../alerts/alerts.repository';

const withUser = { relatedUser: userBrief } satisfies Prisma.TrackerInclude;
export type TrackerWithUser = Prisma.TrackerGetPayload<{ include: typeof withUser }>;

export function createTrackersRepository(prisma: PrismaClient) {
  return {
    async list(query: TrackerListQuery) {
      const where: Prisma.TrackerWhereInput = {
        ...(query.vehicle ? { vehicle: query.vehicle } : {}),
        ...(query.source ? { source: query.source } : {}),
        ...(query.recorded !== undefined ? { recorded: query.recorded } : {}),
        ...(query.search
          ? {
              OR: [
                { ident: { contains: query.search, mode: 'insensitive' } },
                { alias: { contains: query.search, mode: 'insensitive' } },
                { relatedUser: { email: { contains: query.search, mode: 'insensitive' } } },
              ],
            }
          : {}),
      };
      const [items, total] = await Promise.all([
        prisma.tracker.findMany({
          where,
          include: withUser,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.tracker.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.tracker.findUnique({ where: { id }, include: withUser });
    },
    findByIdent(ident: string) {
      return prisma.tracker.findFirst({ where: { ident: { equals: ident, mode: 'insensitive' } }, select: { id: true } });
    },
    userExists(id: string) {
      return prisma.user.count({ where: { id } }).then((count) => count > 0);
    },
    create(input: TrackerInput) {
      return prisma.tracker.create({ data: input, include: withUser });
    },
    update(id: string, input: TrackerInput) {
      return prisma.tracker.update({ where: { id }, data: input, include: withUser });
    },
    remove(id: string) {
      return prisma.tracker.delete({ where: { id } });
    },
  };
}

export type TrackersRepository = ReturnType<typeof createTrackersRepository>;
