import type { PushSubscribe } from '../../../src/shared/contracts/push';
import type { PrismaClient } from '../../generated/prisma/client';

export function createPushRepository(prisma: PrismaClient) {
  return {
    /** One row per endpoint: a browser that subscribes again, or for another user, takes the row over. */
    save(userId: string, input: PushSubscribe) {
      const fields = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, device: input.device ?? null };
      return prisma.pushSubscription.upsert({
        where: { endpoint: input.endpoint },
        create: { endpoint: input.endpoint, ...fields },
        update: fields,
      });
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
        select: { id: true, title: true, status: true, owner: { select: { id: true, email: true, lang: true } } },
      });
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
