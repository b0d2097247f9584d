import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AirspaceInput, AirspaceListQuery, BoundingBox, MyAirspaceInput } from '../../../src/shared/contracts/airspaces';
import type { Right } from '../../../src/shared/domain/rights';

/** Managers are the users whose groups hold the right that opens "my airspace" (spec shell §6). */
export const MANAGER_RIGHT: Right = 'PREFLIGHTPROCEDURE_LIST';

const MANAGER_SELECT = { id: true, email: true, firstName: true, lastName: true } satisfies Prisma.UserSelect;
const INCLUDE = {
  managers: { select: MANAGER_SELECT, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] },
} satisfies Prisma.AirspaceInclude;

export type AirspaceRow = Prisma.AirspaceGetPayload<{ include: typeof INCLUDE }>;

const ORDER: Record<AirspaceListQuery['sort'], (order: 'asc' | 'desc') => Prisma.AirspaceOrderByWithRelationInput[]> = {
  name: (order) => [{ name: order }],
  internalCode: (order) => [{ internalCode: order }],
  createdAt: (order) => [{ createdAt: order }],
};

function managerFields(input: MyAirspaceInput) {
  return {
    description: input.description ?? null,
    news: input.news ?? null,
    generalConditions: input.generalConditions ?? null,
    permanentConditions: input.permanentConditions ?? null,
    twrPhoneNumber: input.twrPhoneNumber || null,
    mailingList: input.mailingList,
    copyToManagers: input.copyToManagers,
    forwardingEmails: input.forwardingEmails,
    violationChannels: input.violationChannels,
    minNoticeDays: input.minNoticeDays ?? null,
    maxNoticeDays: input.maxNoticeDays ?? null,
    maxDurationHours: input.maxDurationHours ?? null,
    maxPolygons: input.maxPolygons ?? null,
    maxAreaKm2: input.maxAreaKm2 ?? null,
    maxAreaPerPolygonKm2: input.maxAreaPerPolygonKm2 ?? null,
    maxExtentKm: input.maxExtentKm ?? null,
    autoRejectDelayHours: input.autoRejectDelayHours ?? null,
    activationTrigger: input.activationTrigger,
    activationMinDelayHours: input.activationMinDelayHours ?? null,
    activationMaxDelayHours: input.activationMaxDelayHours ?? null,
    activationAutoRejectDelayHours: input.activationAutoRejectDelayHours ?? null,
    activationMaxDurationHours: input.activationMaxDurationHours ?? null,
  };
}

function adminFields(input: AirspaceInput, box: BoundingBox | null) {
  return {
    ...managerFields(input),
    name: input.name,
    internalCode: input.internalCode,
    zoneCodes: input.zoneCodes,
    authorityName: input.authorityName ?? null,
    visibleToOperators: input.visibleToOperators,
    geometry: input.geometry ? (input.geometry as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    minLon: box?.minLon ?? null,
    minLat: box?.minLat ?? null,
    maxLon: box?.maxLon ?? null,
    maxLat: box?.maxLat ?? null,
  };
}

export function createAirspacesRepository(prisma: PrismaClient) {
  return {
    /** Airspaces open to operators whose bounding box meets the box, by name. */
    findOpenInBox(box: { minLon: number; maxLon: number; minLat: number; maxLat: number }) {
      return prisma.airspace.findMany({
        where: {
          visibleToOperators: true,
          minLon: { lte: box.maxLon },
          maxLon: { gte: box.minLon },
          minLat: { lte: box.maxLat },
          maxLat: { gte: box.minLat },
        },
        orderBy: { name: 'asc' },
      });
    },

    async isManagedBy(airspaceId: string, userId: string) {
      return (await prisma.airspace.count({ where: { id: airspaceId, managers: { some: { id: userId } } } })) > 0;
    },

    /** The airspaces the user manages, with their shape, bounding box and last change (live traffic scopes). */
    managedShapes(userId: string) {
      return prisma.airspace.findMany({
        where: { managers: { some: { id: userId } } },
        select: { id: true, updatedAt: true, geometry: true, minLon: true, minLat: true, maxLon: true, maxLat: true },
      });
    },

    listManagedBy(userId: string) {
      return prisma.airspace.findMany({
        where: { managers: { some: { id: userId } } },
        orderBy: { name: 'asc' },
        select: { id: true, name: true, internalCode: true, geometry: true },
      });
    },
    async list(query: AirspaceListQuery): Promise<{ items: AirspaceRow[]; total: number }> {
      const and: Prisma.AirspaceWhereInput[] = [];
      if (query.visibleToOperators !== undefined) and.push({ visibleToOperators: query.visibleToOperators });
      if (query.activationTrigger) and.push({ activationTrigger: query.activationTrigger });
      if (query.managerId) and.push({ managers: { some: { id: query.managerId } } });
      if (query.search) {
        and.push({
          OR: [
            { name: { contains: query.search, mode: 'insensitive' } },
            { internalCode: { contains: query.search, mode: 'insensitive' } },
            { authorityName: { contains: query.search, mode: 'insensitive' } },
          ],
        });
      }
      const where: Prisma.AirspaceWhereInput = { AND: and };
      const [items, total] = await Promise.all([
        prisma.airspace.findMany({
          where,
          include: INCLUDE,
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.airspace.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.airspace.findUnique({ where: { id }, include: INCLUDE });
    },
    /** One of the airspaces `managerId` manages; another's answers null like a missing one. */
    findManaged(id: string, managerId: string) {
      return prisma.airspace.findFirst({ where: { id, managers: { some: { id: managerId } } }, include: INCLUDE });
    },
    listManaged(managerId: string) {
      return prisma.airspace.findMany({
        where: { managers: { some: { id: managerId } } },
        include: INCLUDE,
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      });
    },
    findByCode(internalCode: string) {
      return prisma.airspace.findUnique({ where: { internalCode }, select: { id: true } });
    },
    countManagers(ids: string[]) {
      return prisma.user.count({ where: { id: { in: ids }, groups: { some: { rights: { has: MANAGER_RIGHT } } } } });
    },
    managerCandidates(search: string | undefined) {
      return prisma.user.findMany({
        where: {
          groups: { some: { rights: { has: MANAGER_RIGHT } } },
          ...(search
            ? {
                OR: [
                  { email: { contains: search, mode: 'insensitive' } },
                  { lastName: { contains: search, mode: 'insensitive' } },
                  { firstName: { contains: search, mode: 'insensitive' } },
                ],
              }
            : {}),
        },
        select: MANAGER_SELECT,
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        take: 50,
      });
    },
    create(input: AirspaceInput, box: BoundingBox | null) {
      return prisma.airspace.create({
        data: { ...adminFields(input, box), managers: { connect: input.managerIds.map((id) => ({ id })) } },
        include: INCLUDE,
      });
    },
    update(id: string, input: AirspaceInput, box: BoundingBox | null) {
      return prisma.airspace.update({
        where: { id },
        data: {
          ...adminFields(input, box),
          managers: { set: input.managerIds.map((managerId) => ({ id: managerId })) },
        },
        include: INCLUDE,
      });
    },
    updateByManager(id: string, input: MyAirspaceInput) {
      return prisma.airspace.update({ where: { id }, data: managerFields(input), include: INCLUDE });
    },
    remove(id: string) {
      return prisma.airspace.delete({ where: { id } });
    },
    requestCount(id: string) {
      return prisma.request.count({ where: { airspaceId: id } });
    },
  };
}

export type AirspacesRepository = ReturnType<typeof createAirspacesRepository>;
