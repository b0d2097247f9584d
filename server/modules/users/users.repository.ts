import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { UserListQuery } from '../../../src/shared/contracts/users';

const summarySelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  companyName: true,
  status: true,
  agreementStatus: true,
  agreementExpiresAt: true,
  createdAt: true,
  groups: { select: { name: true }, orderBy: { name: 'asc' } },
} satisfies Prisma.UserSelect;

export type UserSummaryRow = Prisma.UserGetPayload<{ select: typeof summarySelect }>;

export function createUsersRepository(prisma: PrismaClient) {
  return {
    async list(query: UserListQuery) {
      const where: Prisma.UserWhereInput = {
        status: query.status,
        agreementStatus: query.agreementStatus,
        OR: query.search
          ? [
              { email: { contains: query.search, mode: 'insensitive' } },
              { lastName: { contains: query.search, mode: 'insensitive' } },
              { firstName: { contains: query.search, mode: 'insensitive' } },
              { companyName: { contains: query.search, mode: 'insensitive' } },
            ]
          : undefined,
      };
      const orderBy: Prisma.UserOrderByWithRelationInput[] = [{ [query.sort]: query.order }, { id: 'asc' }];
      const [items, total] = await Promise.all([
        prisma.user.findMany({ where, orderBy, skip: (query.page - 1) * query.pageSize, take: query.pageSize, select: summarySelect }),
        prisma.user.count({ where }),
      ]);
      return { items, total };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
