import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { MachineCreate, MachineListQuery } from '../../../src/shared/contracts/machines';

const withModel = { droneModel: { select: { id: true, brand: true, name: true } } } satisfies Prisma.MachineInclude;

export type MachineWithModel = Prisma.MachineGetPayload<{ include: typeof withModel }>;

function fields(input: MachineCreate) {
  return {
    serialNumber: input.serialNumber,
    remoteIdentificationNumber: input.remoteIdentificationNumber ?? null,
    registrationNumber: input.registrationNumber ?? null,
    internalName: input.internalName,
    classes: input.classes,
    parachute: input.parachute ?? null,
    security: input.security ?? null,
    equipmentCamera: input.equipments.camera,
    equipmentBarometricSensor: input.equipments.barometricSensor,
    equipmentForcedLandingDevice: input.equipments.forcedLandingDevice,
    equipmentLightOrSoundIdentification: input.equipments.lightOrSoundIdentification,
    equipmentParachutes: input.equipments.parachutes,
    equipmentCircuitBreakers: input.equipments.circuitBreakers,
    droneModelId: input.droneModelId ?? null,
    massGrams: input.massGrams ?? null,
  };
}

const ORDER: Record<MachineListQuery['sort'], (order: 'asc' | 'desc') => Prisma.MachineOrderByWithRelationInput[]> = {
  internalName: (order) => [{ internalName: order }],
  serialNumber: (order) => [{ serialNumber: order }],
  createdAt: (order) => [{ createdAt: order }],
};

export function createMachinesRepository(prisma: PrismaClient) {
  return {
    async list(ownerId: string, query: MachineListQuery): Promise<{ items: MachineWithModel[]; total: number }> {
      const where: Prisma.MachineWhereInput = {
        userId: ownerId,
        deletedAt: query.deleted ? { not: null } : null,
        ...(query.droneModelId ? { droneModelId: query.droneModelId } : {}),
        ...(query.class ? { classes: { has: query.class } } : {}),
        ...(query.search
          ? {
              OR: (['internalName', 'serialNumber', 'remoteIdentificationNumber', 'registrationNumber'] as const).map((field) => ({
                [field]: { contains: query.search, mode: 'insensitive' },
              })),
            }
          : {}),
      };
      const [items, total] = await Promise.all([
        prisma.machine.findMany({
          where,
          include: withModel,
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.machine.count({ where }),
      ]);
      return { items, total };
    },
    /** The machine of that owner, deleted or not; another owner's machine is not found. */
    find(ownerId: string, id: string) {
      return prisma.machine.findFirst({ where: { id, userId: ownerId }, include: withModel });
    },
    /** Whether another current machine of the owner has this serial number (compared without regard to case). */
    async serialNumberTaken(ownerId: string, serialNumber: string, exceptId?: string): Promise<boolean> {
      const other = await prisma.machine.findFirst({
        where: {
          userId: ownerId,
          deletedAt: null,
          serialNumber: { equals: serialNumber, mode: 'insensitive' },
          ...(exceptId ? { id: { not: exceptId } } : {}),
        },
        select: { id: true },
      });
      return other !== null;
    },

    create(ownerId: string, input: MachineCreate) {
      return prisma.machine.create({ data: { ...fields(input), userId: ownerId }, include: withModel });
    },
    update(id: string, input: MachineCreate) {
      return prisma.machine.update({ where: { id }, data: fields(input), include: withModel });
    },
    setDeletedAt(id: string, deletedAt: Date | null) {
      return prisma.machine.update({ where: { id }, data: { deletedAt }, include: withModel });
    },
  };
}

export type MachinesRepository = ReturnType<typeof createMachinesRepository>;
