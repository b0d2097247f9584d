import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { GroupInput, GroupListQuery } from '../../../src/shared/contracts/groups';

const DETAIL_INCLUDE = {
  members: { select: { id: true, email: true, firstName: true, lastName: true }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] },
  _count: { select: { members: true } },
} satisfies Prisma.GroupInclude;

export type GroupDetailRow = Prisma.GroupGetPayload<{ include: typeof DETAIL_INCLUDE }>;
export type GroupSummaryRow = Prisma.GroupGetPayload<{ include: { _count: { select: { members: true } } } }>;

const ORDER: Record<GroupListQuery['sort'], (order: 'asc' | 'desc') => Prisma.GroupOrderByWithRelationInput[]> = {
  name: (order) => [{ name: order }],
  createdAt: (order) => [{ createdAt: order }],
  memberCount: (order) => [{ members: { _count: order } }, { name: 'asc' }],
};

export function createGroupsRepository(prisma: PrismaClient) {
  return {
    async list(query: GroupListQuery): Promise<{ items: GroupSummaryRow[]; total: number }> {
      const where: Prisma.GroupWhereInput = {
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.level ? { level: query.level } : {}),
        ...(query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {}),
      };
      const [items, total] = await Promise.all([
        prisma.group.findMany({
          where,
          include: { _count: { select: { members: true } } },
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.group.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.group.findUnique({ where: { id }, include: DETAIL_INCLUDE });
    },
    findByName(name: string) {
      return prisma.group.findFirst({ where: { name: { equals: name, mode: 'insensitive' } }, select: { id: true } });
    },
    countUsers(ids: string[]) {
      return prisma.user.count({ where: { id: { in: ids } } });
    },
    create(input: GroupInput) {
      return prisma.group.create({
        data: {
          name: input.name,
          rights: input.rights,
          level: input.level,
          kind: 'normal',
          members: { connect: input.memberIds.map((id) => ({ id })) },
        },
        include: DETAIL_INCLUDE,
      });
    },
    update(id: string, input: GroupInput) {
      return prisma.group.update({
        where: { id },
        data: {
          name: input.name,
          rights: input.rights,
          level: input.level,
          members: { set: input.memberIds.map((memberId) => ({ id: memberId })) },
        },
        include: DETAIL_INCLUDE,
      });
    },
    /** Deletes only a normal group without members, in one statement: a member added meanwhile keeps it. */
    async removeIfEmpty(id: string) {
      const { count } = await prisma.group.deleteMany({ where: { id, kind: 'normal', members: { none: {} } } });
      return count === 1;
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
