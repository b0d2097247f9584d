import { OPERATOR_DOCUMENT_KINDS } from '../../../src/shared/domain/attachments';
import type { AgreementStatus } from '../../../src/shared/domain/enums';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';

const SUBJECT = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  lang: true,
  parentId: true,
  companyName: true,
  phoneNumber: true,
  addressLine1: true,
  addressLine2: true,
  addressLine3: true,
  postalCode: true,
  city: true,
  country: true,
  agreementStatus: true,
  agreementExpiresAt: true,
  adminMessage: true,
} satisfies Prisma.UserSelect;

export type AgreementSubject = Prisma.UserGetPayload<{ select: typeof SUBJECT }>;

/** Statuses of an agreement that runs until its expiry date, which the expiry job watches. */
export const RUNNING_STATUSES: readonly AgreementStatus[] = ['validated', 'updated', 'nearlyExpired', 'renewValidation'];

export function createAgreementsRepository(prisma: PrismaClient) {
  return {
    findSubject(userId: string) {
      return prisma.user.findUnique({ where: { id: userId }, select: SUBJECT });
    },

    /** Active accounts that decide agreements (`USER_EDIT_ADMIN`), to be told that a file waits for them. */
    deciders() {
      return prisma.user.findMany({
        where: { status: 'active', groups: { some: { rights: { has: 'USER_EDIT_ADMIN' } } } },
        select: { email: true, lang: true },
      });
    },

    /** What the checklist of spec domain §5 needs beyond the user's own fields. */
    async checklistFacts(userId: string) {
      const [pilot, machines, documents] = await Promise.all([
        prisma.pilot.findFirst({
          where: {
            userId,
            deletedAt: null,
            AND: [{ documents: { some: { skillType: 'idDocument' } } }, { documents: { some: { skillType: 'licence' } } }],
          },
          select: { id: true },
        }),
        prisma.machine.count({ where: { userId, deletedAt: null } }),
        prisma.attachment.findMany({
          where: { recordType: 'user', recordId: userId, kind: { in: [...OPERATOR_DOCUMENT_KINDS] }, status: { not: 'rejected' } },
          select: { kind: true },
        }),
      ]);
      return { hasPilot: pilot !== null, hasMachine: machines > 0, documentKinds: new Set(documents.map((d) => d.kind)) };
    },

    operatorDocuments(userId: string) {
      return prisma.attachment.findMany({
        where: { recordType: 'user', recordId: userId },
        orderBy: { createdAt: 'asc' },
        include: { validatedBy: { select: { firstName: true, lastName: true } } },
      });
    },

    history(userId: string) {
      return prisma.agreementHistory.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        include: { actor: { select: { firstName: true, lastName: true } } },
      });
    },

    /**
     * Moves the status only if it is still `from` (a concurrent decision wins, this one changes nothing and answers
     * false), and records the change in the same transaction.
     */
    async transition(input: {
      userId: string;
      from: AgreementStatus;
      to: AgreementStatus;
      action: string;
      actorId: string | null;
      reason?: string | null;
      expiresAt?: Date | null;
      adminMessage?: string | null;
      at: Date;
    }): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const data: Prisma.UserUpdateManyMutationInput = { agreementStatus: input.to };
        if (input.expiresAt !== undefined) data.agreementExpiresAt = input.expiresAt;
        if (input.adminMessage !== undefined) data.adminMessage = input.adminMessage;
        const moved = await tx.user.updateMany({ where: { id: input.userId, agreementStatus: input.from }, data });
        if (moved.count === 0) return false;
        await tx.agreementHistory.create({
          data: {
            userId: input.userId,
            action: input.action,
            fromStatus: input.from,
            toStatus: input.to,
            reason: input.reason ?? null,
            actorId: input.actorId,
            expiresAt: input.expiresAt ?? null,
            createdAt: input.at,
          },
        });
        return true;
      });
    },

    running() {
      return prisma.user.findMany({
        where: { agreementStatus: { in: [...RUNNING_STATUSES] }, agreementExpiresAt: { not: null } },
        select: SUBJECT,
      });
    },

    remindersSent(userId: string, expiresAt: Date) {
      return prisma.agreementReminder.findMany({ where: { userId, expiresAt }, select: { daysBefore: true } });
    },

    recordReminders(userId: string, expiresAt: Date, days: number[], sentAt: Date) {
      return prisma.agreementReminder.createMany({
        data: days.map((daysBefore) => ({ userId, expiresAt, daysBefore, sentAt })),
        skipDuplicates: true,
      });
    },
  };
}

export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
