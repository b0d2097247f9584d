import type { Prisma, PrismaClient } from '../../generated/prisma/client';

export interface AuditEntry {
  actorId?: string | null;
  action: string;
  subjectType: string;
  subjectId?: string | null;
  data?: Prisma.InputJsonValue;
}

export function createAuditRepository(prisma: PrismaClient) {
  return {
    record(entry: AuditEntry) {
      return prisma.auditLog.create({ data: entry });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
