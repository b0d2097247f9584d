import type { Activation, Prisma, PrismaClient } from '../../generated/prisma/client';

export type ActivationRow = Activation;

export function createActivationsRepository(prisma: PrismaClient) {
  return {
    /** The request with its airspace's activation settings; `managers` holds the viewer when they manage the airspace. */
    findRequest(requestId: string, viewerId: string) {
      return prisma.request.findUnique({
        where: { id: requestId },
        select: {
          id: true,
          operatorId: true,
          status: true,
          impactLevel: true,
          missionSnapshot: true,
          airspace: {
            select: {
              activationTrigger: true,
              activationMinDelayHours: true,
              activationMaxDelayHours: true,
              activationMaxDurationHours: true,
              activationAutoRejectDelayHours: true,
              managers: { where: { id: viewerId }, select: { id: true } },
            },
          },
        },
      });
    },

    find(requestId: string, activationId: string) {
      return prisma.activation.findFirst({ where: { id: activationId, requestId } });
    },

    listOfRequest(requestId: string) {
      return prisma.activation.findMany({ where: { requestId }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] });
    },

    create(requestId: string, slot: { startAt: Date; endAt: Date }) {
      return prisma.activation.create({ data: { requestId, ...slot } });
    },

    update(activationId: string, data: Prisma.ActivationUncheckedUpdateInput) {
      return prisma.activation.update({ where: { id: activationId }, data });
    },

    async remove(activationId: string) {
      await prisma.activation.delete({ where: { id: activationId } });
    },

    /** Rejects every submitted slot whose auto-reject time is past; answers how many. */
    async rejectDue(now: Date): Promise<number> {
      const { count } = await prisma.activation.updateMany({
        where: { status: 'submitted', autoRejectAt: { lte: now } },
        data: { status: 'rejected', decidedAt: now, decidedById: null, autoRejectAt: null, rejectionReason: null },
      });
      return count;
    },
  };
}

export type ActivationsRepository = ReturnType<typeof createActivationsRepository>;
