import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { DeviceListQuery } from '../../../src/shared/contracts/devices';
import { userBrief } from '../alerts/alerts.repository';

const withOwner = { owner: userBrief } satisfies Prisma.DeviceInclude;
export type DeviceWithOwner = Prisma.DeviceGetPayload<{ include: typeof withOwner }>;

export function createDevicesRepository(prisma: PrismaClient) {
  return {
    async list(query: DeviceListQuery) {
      const where: Prisma.DeviceWhereInput = {
        ...(query.ownerId ? { userId: query.ownerId } : {}),
        ...(query.search
          ? {
              OR: [
                { appIdentifier: { contains: query.search, mode: 'insensitive' } },
                { owner: { email: { contains: query.search, mode: 'insensitive' } } },
              ],
            }
          : {}),
      };
      const [items, total] = await Promise.all([
        prisma.device.findMany({
          where,
          include: withOwner,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.device.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.device.findUnique({ where: { id }, include: withOwner });
    },
    /**
     * The terminal of this identifier, registered to `userId` when it was not yet (`created`); an identifier already
     * registered, to whichever account, is answered as it is and never moves.
     */
    async register(userId: string, appIdentifier: string) {
      const { count } = await prisma.device.createMany({ data: [{ appIdentifier, userId }], skipDuplicates: true });
      return { device: await prisma.device.findUniqueOrThrow({ where: { appIdentifier }, include: withOwner }), created: count === 1 };
    },
    findByIdentifier(appIdentifier: string) {
      return prisma.device.findUnique({ where: { appIdentifier } });
    },
    rename(id: string, appIdentifier: string) {
      return prisma.device.update({ where: { id }, data: { appIdentifier }, include: withOwner });
    },
    remove(id: string) {
      return prisma.device.delete({ where: { id } });
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
