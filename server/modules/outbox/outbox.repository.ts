import type { Prisma, PrismaClient } from '../../generated/prisma/client';

export type OutboxEntry = Prisma.OutboxMessageUncheckedCreateInput;

export function createOutboxRepository(prisma: PrismaClient) {
  return {
    record(entry: OutboxEntry) {
      return prisma.outboxMessage.create({ data: entry });
    },
    async list(filter: { channel?: 'email' | 'sms' | 'authority'; recipient?: string; search?: string }, page: number, pageSize: number) {
      const where: Prisma.OutboxMessageWhereInput = {
        channel: filter.channel,
        recipient: filter.recipient ? { contains: filter.recipient, mode: 'insensitive' } : undefined,
        OR: filter.search
          ? [{ subject: { contains: filter.search, mode: 'insensitive' } }, { text: { contains: filter.search, mode: 'insensitive' } }]
          : undefined,
      };
      const [items, total] = await Promise.all([
        prisma.outboxMessage.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (page - 1) * pageSize, take: pageSize }),
        prisma.outboxMessage.count({ where }),
      ]);
      return { items, total };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
