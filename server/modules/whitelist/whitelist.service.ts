import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { WhitelistListQuery, WhitelistMachine } from '../../../src/shared/contracts/whitelist';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';

const machineSelect = {
  id: true,
  internalName: true,
  serialNumber: true,
  remoteIdentificationNumber: true,
  droneModel: { select: { brand: true, name: true } },
  owner: { select: { id: true, email: true, companyName: true } },
} satisfies Prisma.MachineSelect;
type MachineRow = Prisma.MachineGetPayload<{ select: typeof machineSelect }>;

/**
 * The whitelist: machines of any operator that the administrators trust, so that their detections are not
 * violations. Kept in its own table (machine id → note) so the machines module stays the operators' register.
 */
export function createWhitelistService({ prisma, audit }: { prisma: PrismaClient; audit: AuditRepository }) {
  async function findMachine(machineId: string) {
    const machine = await prisma.machine.findFirst({ where: { id: machineId, deletedAt: null }, select: { id: true } });
    if (!machine) throw new AppError('NOT_FOUND', 'Unknown machine');
  }

  return {
    async list(query: WhitelistListQuery) {
      const listed = await prisma.whitelistedMachine.findMany({ select: { machineId: true, note: true, createdAt: true } });
      const byMachine = new Map(listed.map((entry) => [entry.machineId, entry]));
      const ids = [...byMachine.keys()];
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
      const toItem = (row: MachineRow): WhitelistMachine => {
        const entry = byMachine.get(row.id);
        return {
          machineId: row.id,
          internalName: row.internalName,
          serialNumber: row.serialNumber,
          remoteIdentificationNumber: row.remoteIdentificationNumber,
          droneModel: row.droneModel ? `${row.droneModel.brand} ${row.droneModel.name}` : null,
          owner: row.owner,
          whitelisted: !!entry,
          note: entry?.note ?? null,
          whitelistedAt: entry?.createdAt.toISOString() ?? null,
        };
      };
      return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },
    async add(actor: AuthUser, machineId: string, note: string | null) {
      await findMachine(machineId);
      await prisma.whitelistedMachine.upsert({
        where: { machineId },
        create: { machineId, note, addedById: actor.id },
        update: { note },
      });
      await audit.record({ actorId: actor.id, action: 'whitelist.added', subjectType: 'machine', subjectId: machineId });
    },
    async remove(actor: AuthUser, machineId: string) {
      const { count } = await prisma.whitelistedMachine.deleteMany({ where: { machineId } });
      if (count === 0) throw new AppError('NOT_FOUND', 'The machine is not whitelisted');
      await audit.record({ actorId: actor.id, action: 'whitelist.removed', subjectType: 'machine', subjectId: machineId });
    },
  };
}

export type WhitelistService = ReturnType<typeof createWhitelistService>;
