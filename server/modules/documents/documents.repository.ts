import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { DocumentFields, DocumentListQuery } from '../../../src/shared/contracts/documents';

const withGroups = { restrictToGroups: { select: { id: true, name: true }, orderBy: { name: 'asc' } } } satisfies Prisma.DocumentInclude;
export type DocumentWithGroups = Prisma.DocumentGetPayload<{ include: typeof withGroups }>;

/** Who reads which documents: everyone (the editors) or the members of these groups. */
export type DocumentReader = { kind: 'all' } | { kind: 'groups'; groupIds: string[] };

function readable(reader: DocumentReader): Prisma.DocumentWhereInput {
  if (reader.kind === 'all') return {};
  // No restriction means every DOCUMENTATION_LIST user; otherwise the reader must share one of the groups.
  return { OR: [{ restrictToGroups: { none: {} } }, { restrictToGroups: { some: { id: { in: reader.groupIds } } } }] };
}

export interface StoredFile {
  fileName: string;
  fileSize: number;
}

export function createDocumentsRepository(prisma: PrismaClient) {
  return {
    async list(reader: DocumentReader, query: DocumentListQuery) {
      const where: Prisma.DocumentWhereInput = {
        AND: [
          readable(reader),
          query.groupId ? { restrictToGroups: { some: { id: query.groupId } } } : {},
          query.search ? { title: { contains: query.search, mode: 'insensitive' } } : {},
        ],
      };
      const [items, total] = await Promise.all([
        prisma.document.findMany({
          where,
          include: withGroups,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.document.count({ where }),
      ]);
      return { items, total };
    },
    find(reader: DocumentReader, id: string) {
      return prisma.document.findFirst({ where: { AND: [{ id }, readable(reader)] }, include: withGroups });
    },
    async groupIdsOf(userId: string) {
      const groups = await prisma.group.findMany({ where: { members: { some: { id: userId } } }, select: { id: true } });
      return groups.map((group) => group.id);
    },
    groupChoices() {
      return prisma.group.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } });
    },
    countGroups(ids: string[]) {
      return prisma.group.count({ where: { id: { in: ids } } });
    },
    create(fields: DocumentFields, file: StoredFile) {
      return prisma.document.create({
        data: { title: fields.title, ...file, restrictToGroups: { connect: fields.restrictToGroups.map((id) => ({ id })) } },
        include: withGroups,
      });
    },
    update(id: string, fields: DocumentFields, file: StoredFile | null) {
      return prisma.document.update({
        where: { id },
        data: {
          title: fields.title,
          ...(file ?? {}),
          restrictToGroups: { set: fields.restrictToGroups.map((groupId) => ({ id: groupId })) },
        },
        include: withGroups,
      });
    },
    remove(id: string) {
      return prisma.document.delete({ where: { id } });
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
