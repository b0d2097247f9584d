import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { WhitelistListQuery } from '../../../src/shared/contracts/whitelist';

const machineSelect = {
  id: true,
  internalName: true,
  serialNumber: true,
  remoteIdentificationNumber: true,
  droneModel: { select: { brand: true, name: true } },
  owner: { select: { id: true, email: true, companyName: true } },
} satisfies Prisma.MachineSelect;

export type WhitelistMachineRow = Prisma.MachineGetPayload<{ select: typeof machineSelect }>;

export function createWhitelistRepository(prisma: PrismaClient) {
  return {
    async machineExists(machineId: string) {
      return (await prisma.machine.findFirst({ where: { id: machineId, deletedAt: null }, select: { id: true } })) !== null;
    },

    entries() {
      return prisma.whitelistedMachine.findMany({ select: { machineId: true, note: true, createdAt: true } });
    },

    /** A page of the machines not deleted, among `ids` (whitelisted: true), outside them (false) or all. */
    async machines(query: WhitelistListQuery, ids: string[]) {
      const where: Prisma.MachineWhereInput = {
        deletedAt: null,
        ...(query.whitelisted === true ? { id: { in: ids } } : query.whitelisted === false ? { id: { notIn: ids } } : {}),
        ...(query.search
          ? {
              OR: [
                ...(['internalName', 'serialNumber', 'remoteIdentificationNumber'] as const).map((field) => ({
                  [field]: { contains: query.search, mode: 'insensitive' as const },
                })),
                { owner: { email: { contains: query.search, mode: 'insensitive' } } },
                { owner: { companyName: { contains: query.search, mode: 'insensitive' } } },
              ],
            }
          : {}),
      };
      const [rows, total] = await Promise.all([
        prisma.machine.findMany({
          where,
          select: machineSelect,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.machine.count({ where }),
      ]);
      return { rows, total };
    },

    async add(machineId: string, note: string | null, addedById: string) {
      await prisma.whitelistedMachine.upsert({
        where: { machineId },
        create: { machineId, note, addedById },
        update: { note },
      });
    },

    /** Answers whether the machine was whitelisted. */
    async remove(machineId: string) {
      const { count } = await prisma.whitelistedMachine.deleteMany({ where: { machineId } });
      return count > 0;
    },
  };
}

export type WhitelistRepository = ReturnType<typeof createWhitelistRepository>;
