import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { DroneModelCreate, DroneModelListQuery } from '../../../src/shared/contracts/drone-models';

export type DroneModelRow = Prisma.DroneModelGetPayload<object>;

function fields(input: DroneModelCreate) {
  return {
    brand: input.brand,
    name: input.name,
    representation: input.representation ?? null,
    marketingDate: input.marketingDate ? new Date(input.marketingDate) : null,
    geoAwarenessSystem: input.geoAwarenessSystem,
    materials: input.materials,
    expectedPerformances: input.expectedPerformances ?? null,
    engineType: input.engineType ?? null,
    propellerType: input.propellerType ?? null,
    remoteControlBrand: input.remoteControlBrand ?? null,
    frequencyMinGHz: input.frequencyMinGHz ?? null,
    frequencyMaxGHz: input.frequencyMaxGHz ?? null,
    alphaTangoMachineNumber: input.alphaTangoMachineNumber ?? null,
    massGrams: input.massGrams,
    classMark: input.classMark,
    remoteIdRule: input.remoteIdRule,
  };
}

const ORDER: Record<DroneModelListQuery['sort'], (order: 'asc' | 'desc') => Prisma.DroneModelOrderByWithRelationInput[]> = {
  brand: (order) => [{ brand: order }, { name: order }],
  name: (order) => [{ name: order }],
  createdAt: (order) => [{ createdAt: order }],
};

export function createDroneModelsRepository(prisma: PrismaClient) {
  return {
    /** `ownerId` null: every model (administrators); otherwise the shared catalogue and that owner's personal models. */
    async list(ownerId: string | null, query: DroneModelListQuery): Promise<{ items: DroneModelRow[]; total: number }> {
      const and: Prisma.DroneModelWhereInput[] = [{ deletedAt: null }];
      if (ownerId) and.push({ OR: [{ personal: false }, { ownerId }] });
      if (query.brand) and.push({ brand: { equals: query.brand, mode: 'insensitive' } });
      if (query.personal !== undefined) and.push({ personal: query.personal });
      if (query.search) {
        and.push({
          OR: [{ brand: { contains: query.search, mode: 'insensitive' } }, { name: { contains: query.search, mode: 'insensitive' } }],
        });
      }
      const where: Prisma.DroneModelWhereInput = { AND: and };
      const [items, total] = await Promise.all([
        prisma.droneModel.findMany({
          where,
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.droneModel.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.droneModel.findUnique({ where: { id } });
    },
    create(input: DroneModelCreate, ownerId: string | null) {
      return prisma.droneModel.create({ data: { ...fields(input), personal: ownerId !== null, ownerId } });
    },
    update(id: string, input: DroneModelCreate) {
      return prisma.droneModel.update({ where: { id }, data: fields(input) });
    },
    softDelete(id: string, at: Date) {
      return prisma.droneModel.update({ where: { id }, data: { deletedAt: at } });
    },
  };
}

export type DroneModelsRepository = ReturnType<typeof createDroneModelsRepository>;
