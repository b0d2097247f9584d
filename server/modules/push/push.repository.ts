import type { PushSubscribe } from '../../../src/shared/contracts/push';
import type { PrismaClient } from '../../generated/prisma/client';

export function createPushRepository(prisma: PrismaClient) {
  return {
    /**
     * One row per endpoint: the same user subscribing again updates it; another account's endpoint is never taken
     * over (answers null), whatever the order of concurrent calls.
     */
    async save(userId: string, input: PushSubscribe) {
      const fields = { p256dh: input.keys.p256dh, auth: input.keys.auth, device: input.device ?? null };
      const updated = await prisma.pushSubscription.updateMany({ where: { endpoint: input.endpoint, userId }, data: fields });
      if (updated.count === 0)
        await prisma.pushSubscription.createMany({ data: [{ endpoint: input.endpoint, userId, ...fields }], skipDuplicates: true });
      return prisma.pushSubscription.findFirst({ where: { endpoint: input.endpoint, userId } });
    },
    remove(userId: string, endpoint: string) {
      return prisma.pushSubscription.deleteMany({ where: { userId, endpoint } });
    },
    forget(endpoint: string) {
      return prisma.pushSubscription.deleteMany({ where: { endpoint } });
    },
    ofUser(userId: string) {
      return prisma.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
    },
    mission(id: string) {
      return prisma.mission.findUnique({
        where: { id },
        select: {
          id: true,
          title: true,
          status: true,
          owner: { select: { id: true, email: true, lang: true, phoneNumber: true } },
          requests: { where: { operatorPhone: { not: null } }, orderBy: { submittedAt: 'desc' }, take: 1, select: { operatorPhone: true } },
        },
      });
    },
    /** Whether the mission was filed (archived requests aside) to an airspace the user manages. */
    async filedToManagerOf(missionId: string, userId: string) {
      const count = await prisma.request.count({
        where: { missionId, status: { not: 'archived' }, airspace: { managers: { some: { id: userId } } } },
      });
      return count > 0;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
