import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { PilotCreate, PilotListQuery } from '../../../src/shared/contracts/pilots';
import { DEACTIVATED_WITH_PILOT } from '../../../src/shared/domain/enums';

const withDocuments = {
  documents: { orderBy: [{ skillType: 'asc' }, { reference: 'asc' }] },
} satisfies Prisma.PilotInclude;

export type PilotRow = Prisma.PilotGetPayload<object>;
export type PilotWithDocuments = Prisma.PilotGetPayload<{ include: typeof withDocuments }>;

const day = (value: string | null | undefined) => (value ? new Date(value) : null);

function fields(input: PilotCreate) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? null,
    birthDate: day(input.birthDate),
    supervisionLevel: input.supervisionLevel,
    rights: input.rights,
  };
}

function documents(input: PilotCreate) {
  return input.documents.map((d) => ({
    skillType: d.skillType,
    reference: d.reference,
    validFrom: day(d.validFrom),
    validUntil: day(d.validUntil),
    attachmentId: d.attachmentId ?? null,
  }));
}

const ORDER: Record<PilotListQuery['sort'], (order: 'asc' | 'desc') => Prisma.PilotOrderByWithRelationInput[]> = {
  lastName: (order) => [{ lastName: order }, { firstName: order }],
  email: (order) => [{ email: order }],
  createdAt: (order) => [{ createdAt: order }],
};

export function createPilotsRepository(prisma: PrismaClient) {
  return {
    async list(ownerId: string, query: PilotListQuery): Promise<{ items: PilotRow[]; total: number }> {
      const where: Prisma.PilotWhereInput = {
        userId: ownerId,
        deletedAt: query.deleted ? { not: null } : null,
        ...(query.supervisionLevel !== undefined ? { supervisionLevel: query.supervisionLevel } : {}),
        ...(query.search
          ? {
              OR: ['firstName', 'lastName', 'email'].map((field) => ({ [field]: { contains: query.search, mode: 'insensitive' } })),
            }
          : {}),
      };
      const [items, total] = await Promise.all([
        prisma.pilot.findMany({
          where,
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.pilot.count({ where }),
      ]);
      return { items, total };
    },
    /** The pilot of that owner, deleted or not; another owner's pilot is not found. */
    find(ownerId: string, id: string) {
      return prisma.pilot.findFirst({ where: { id, userId: ownerId }, include: withDocuments });
    },
    /** Ids of the pilot's uploaded documents (attachments of kind pilotDocument). */
    async attachmentIds(pilotId: string) {
      const rows = await prisma.attachment.findMany({ where: { recordType: 'pilot', recordId: pilotId }, select: { id: true } });
      return new Set(rows.map((row) => row.id));
    },
    create(ownerId: string, input: PilotCreate) {
      return prisma.pilot.create({
        data: { ...fields(input), userId: ownerId, documents: { create: documents(input) } },
        include: withDocuments,
      });
    },
    update(id: string, input: PilotCreate) {
      return prisma.pilot.update({
        where: { id },
        data: { ...fields(input), documents: { deleteMany: {}, create: documents(input) } },
        include: withDocuments,
      });
    },
    /**
     * Deleting a pilot closes its supervised account in the same transaction, so that it stops reaching the
     * operator's records; restoring the pilot reopens an account closed that way, and only that way.
     */
    async setDeletedAt(pilot: { id: string; supervisedUserId: string | null }, deletedAt: Date | null) {
      return prisma.$transaction(async (tx) => {
        if (pilot.supervisedUserId) {
          await tx.user.updateMany({
            where: deletedAt
              ? { id: pilot.supervisedUserId }
              : { id: pilot.supervisedUserId, status: 'deactivated', deactivationReason: DEACTIVATED_WITH_PILOT },
            data: deletedAt
              ? { status: 'deactivated', deactivationReason: DEACTIVATED_WITH_PILOT }
              : { status: 'active', deactivationReason: null },
          });
          if (deletedAt)
            await tx.refreshToken.updateMany({
              where: { userId: pilot.supervisedUserId, revokedAt: null },
              data: { revokedAt: deletedAt },
            });
        }
        return tx.pilot.update({ where: { id: pilot.id }, data: { deletedAt }, include: withDocuments });
      });
    },
  };
}

export type PilotsRepository = ReturnType<typeof createPilotsRepository>;
