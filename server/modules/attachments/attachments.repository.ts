import type { AttachmentQueueQuery } from '../../../src/shared/contracts/attachments';
import type { AttachmentRecordType } from '../../../src/shared/domain/attachments';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';

/** Rows the mapper reads. */
export type AttachmentRow = Prisma.AttachmentGetPayload<{ include: { validatedBy: { select: { firstName: true; lastName: true } } } }>;

export type AttachmentQueueRow = Prisma.AttachmentGetPayload<{
  include: {
    validatedBy: { select: { firstName: true; lastName: true } };
    owner: { select: { firstName: true; lastName: true; email: true; companyName: true } };
  };
}>;

const VALIDATOR = { validatedBy: { select: { firstName: true, lastName: true } } } as const;
const QUEUE = { ...VALIDATOR, owner: { select: { firstName: true, lastName: true, email: true, companyName: true } } } as const;

export function createAttachmentsRepository(prisma: PrismaClient) {
  return {
    find(id: string) {
      return prisma.attachment.findUnique({ where: { id }, include: VALIDATOR });
    },

    forRecord(recordType: AttachmentRecordType, recordId: string) {
      return prisma.attachment.findMany({ where: { recordType, recordId }, orderBy: { createdAt: 'asc' }, include: VALIDATOR });
    },

    /** Who owns the record an attachment is added to; null when the record does not exist (or is deleted). */
    async recordOwner(recordType: AttachmentRecordType, recordId: string): Promise<{ ownerId: string | null } | null> {
      switch (recordType) {
        case 'user': {
          const user = await prisma.user.findUnique({ where: { id: recordId }, select: { id: true } });
          return user && { ownerId: user.id };
        }
        case 'pilot': {
          const pilot = await prisma.pilot.findFirst({ where: { id: recordId, deletedAt: null }, select: { userId: true } });
          return pilot && { ownerId: pilot.userId };
        }
        case 'machine': {
          const machine = await prisma.machine.findFirst({ where: { id: recordId, deletedAt: null }, select: { userId: true } });
          return machine && { ownerId: machine.userId };
        }
        case 'droneModel': {
          const model = await prisma.droneModel.findFirst({
            where: { id: recordId, deletedAt: null },
            select: { ownerId: true, personal: true },
          });
          return model && { ownerId: model.personal ? model.ownerId : null };
        }
        case 'mission': {
          const mission = await prisma.mission.findUnique({ where: { id: recordId }, select: { userId: true } });
          return mission && { ownerId: mission.userId };
        }
      }
    },

    /**
     * Counts the record's attachments and inserts the new one under a per-record lock, so that two uploads at the
     * same time cannot both pass the limit. Answers null when the record is full.
     */
    async createWithinLimit(data: Prisma.AttachmentUncheckedCreateInput, max: number) {
      return prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${data.recordId}))`;
        const count = await tx.attachment.count({ where: { recordType: data.recordType, recordId: data.recordId } });
        if (count >= max) return null;
        return tx.attachment.create({ data, include: VALIDATOR });
      });
    },

    remove(id: string) {
      return prisma.attachment.delete({ where: { id } });
    },

    /** Moves a pending attachment to its decision; null when it is no longer pending. */
    async decide(
      id: string,
      data: { status: 'validated' | 'rejected'; rejectionReason: string | null; validatedById: string; validatedAt: Date },
    ) {
      const moved = await prisma.attachment.updateMany({ where: { id, status: 'pending' }, data });
      return moved.count === 0 ? null : prisma.attachment.findUnique({ where: { id }, include: VALIDATOR });
    },

    async queue(query: AttachmentQueueQuery) {
      const search = query.search?.trim();
      const where: Prisma.AttachmentWhereInput = {
        status: query.status,
        kind: query.kind,
        recordType: query.recordType,
        ...(search
          ? {
              OR: [
                { originalName: { contains: search, mode: 'insensitive' } },
                { owner: { email: { contains: search, mode: 'insensitive' } } },
                { owner: { lastName: { contains: search, mode: 'insensitive' } } },
                { owner: { companyName: { contains: search, mode: 'insensitive' } } },
              ],
            }
          : {}),
      };
      const [items, total] = await Promise.all([
        prisma.attachment.findMany({
          where,
          include: QUEUE,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.attachment.count({ where }),
      ]);
      return { items, total };
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
