import type { NotificationType } from '../../../src/shared/domain/notification';
import type { AlphaTangoSyncState } from '../../../src/shared/domain/enums';
import type { Notification, NotificationStatus, Prisma, PrismaClient } from '../../generated/prisma/client';

export type NotificationRow = Notification;
export type NotificationChange = Prisma.NotificationUncheckedUpdateManyInput;
export type JsonInput = Prisma.InputJsonValue;

export function createNotificationsRepository(prisma: PrismaClient) {
  return {
    /** The operator as a notification names them to the authority. */
    operator(userId: string) {
      return prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: { firstName: true, lastName: true, companyName: true, email: true, phoneNumber: true },
      });
    },

    recipient(userId: string) {
      return prisma.user.findUnique({ where: { id: userId }, select: { email: true, lang: true } });
    },

    find(id: string) {
      return prisma.notification.findUniqueOrThrow({ where: { id } });
    },

    findOfMission(missionId: string, id: string) {
      return prisma.notification.findFirst({ where: { id, missionId } });
    },

    listOfMission(missionId: string) {
      return prisma.notification.findMany({ where: { missionId }, orderBy: { createdAt: 'asc' } });
    },

    /** The mission's notification of that type that is not cancelled, if any. */
    findActive(missionId: string, type: NotificationType) {
      return prisma.notification.findFirst({ where: { missionId, type, status: { not: 'canceled' } } });
    },

    /** The mission's notifications an authority holds. */
    heldByAuthority(missionId: string) {
      return prisma.notification.findMany({ where: { missionId, status: { in: ['sent', 'updated'] } } });
    },

    /** Scheduled notifications whose sending time has come, the earliest first. */
    due(now: Date) {
      return prisma.notification.findMany({ where: { status: 'scheduled', sendAfter: { lte: now } }, orderBy: { sendAfter: 'asc' } });
    },

    /** A machine's Alpha Tango sync state, which only the notification client sets. */
    async setMachineSync(machineId: string, state: AlphaTangoSyncState) {
      await prisma.machine.update({ where: { id: machineId }, data: { alphaTangoSyncState: state } });
    },

    create(data: Prisma.NotificationUncheckedCreateInput) {
      return prisma.notification.create({ data });
    },

    update(id: string, data: NotificationChange) {
      return prisma.notification.update({ where: { id }, data });
    },

    /** Changes the notification only if its status is still `status`; answers whether it did. */
    async updateIfStatus(id: string, status: NotificationStatus, data: NotificationChange) {
      const { count } = await prisma.notification.updateMany({ where: { id, status }, data });
      return count === 1;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
