import type { Payment, Prisma, PrismaClient } from '../../generated/prisma/client';
import type { PaymentInput, PaymentListQuery } from '../../../src/shared/contracts/payments';

export type PaymentRow = Payment;

const day = (value: string) => new Date(`${value}T00:00:00Z`);

export function createPaymentsRepository(prisma: PrismaClient) {
  return {
    async list(userId: string, query: PaymentListQuery) {
      const where: Prisma.PaymentWhereInput = {
        userId,
        ...(query.status ? { status: query.status } : {}),
        ...(query.search
          ? {
              OR: [
                { reference: { contains: query.search, mode: 'insensitive' } },
                { label: { contains: query.search, mode: 'insensitive' } },
              ],
            }
          : {}),
      };
      const [items, total, sums] = await Promise.all([
        prisma.payment.findMany({
          where,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.payment.count({ where }),
        prisma.payment.groupBy({ by: ['status'], where: { userId }, _sum: { amountCents: true } }),
      ]);
      const sum = (status: 'paid' | 'unpaid') => sums.find((row) => row.status === status)?._sum.amountCents ?? 0;
      return { items, total, unpaidCents: sum('unpaid'), paidCents: sum('paid') };
    },
    find(userId: string, id: string) {
      return prisma.payment.findFirst({ where: { id, userId } });
    },
    userExists(id: string) {
      return prisma.user.count({ where: { id } }).then((count) => count > 0);
    },
    create(userId: string, input: PaymentInput, paidAt: Date | null) {
      return prisma.payment.create({ data: { ...this.fields(input), userId, paidAt } });
    },
    update(id: string, input: PaymentInput, paidAt: Date | null) {
      return prisma.payment.update({ where: { id }, data: { ...this.fields(input), paidAt } });
    },
    remove(id: string) {
      return prisma.payment.delete({ where: { id } });
    },
    fields(input: PaymentInput) {
      return {
        reference: input.reference,
        label: input.label,
        amountCents: input.amountCents,
        periodStart: day(input.periodStart),
        periodEnd: day(input.periodEnd),
        dueDate: input.dueDate ? day(input.dueDate) : null,
        status: input.status,
      };
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
