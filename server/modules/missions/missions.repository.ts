import { Prisma, type MissionHistory, type PrismaClient } from '../../generated/prisma/client';
import type { MissionCreate, MissionListQuery } from '../../../src/shared/contracts/missions';
import { MISSION_CHOICES_MAX } from '../../../src/shared/domain/limits';
import type { MissionStatus } from '../../../src/shared/domain/mission-status';

const pilotRef = { select: { id: true, firstName: true, lastName: true } } as const;
const machineRef = { select: { id: true, internalName: true, serialNumber: true } } as const;

const withSummary = { referentPilot: pilotRef, mainMachine: machineRef } satisfies Prisma.MissionInclude;
const withDetail = {
  ...withSummary,
  additionalPilots: { ...pilotRef, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] },
  additionalMachines: { ...machineRef, orderBy: { internalName: 'asc' } },
} satisfies Prisma.MissionInclude;

export type MissionSummaryRow = Prisma.MissionGetPayload<{ include: typeof withSummary }>;
export type MissionRow = Prisma.MissionGetPayload<{ include: typeof withDetail }>;
export type MissionHistoryRow = MissionHistory;

/** Stored fields of a mission, computed by the service (area in km², feet, status). */
export interface MissionData {
  input: MissionCreate;
  areaKm2: number;
  maxHeightM: number | null;
  maxAltitudeFt: number | null;
  maxAltitudeSource: 'operator' | 'terrain' | null;
  groundElevationM: number | null;
  groundElevationSource: 'terrain' | 'operator' | null;
  status: MissionStatus;
}

export interface HistoryEntry {
  from: MissionStatus | null;
  to: MissionStatus;
  action: string;
  actorId: string;
  at: Date;
  reason?: string | null;
}

const json = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));

function fields(data: MissionData) {
  const { input } = data;
  return {
    title: input.title,
    status: data.status,
    referentPilotId: input.referentPilotId ?? null,
    mainMachineId: input.mainMachineId ?? null,
    maxHeightM: data.maxHeightM,
    minHeightM: input.minHeightM ?? null,
    maxAltitudeFt: data.maxAltitudeFt,
    maxAltitudeSource: data.maxAltitudeSource,
    groundElevationM: data.groundElevationM,
    groundElevationSource: data.groundElevationSource,
    maximumDurationMin: input.maximumDurationMin ?? null,
    totalFlightTimeMin: input.totalFlightTimeMin ?? null,
    description: input.description ?? null,
    camerawork: input.camerawork,
    areas: json(input.areas),
    areaKm2: data.areaKm2,
    waypoints: json(input.waypoints),
    contextMarkers: input.contextMarkers as Prisma.InputJsonValue,
    safetyZones: json(input.safetyZones),
    constraints: json(input.constraints),
    scenario: input.scenario ?? null,
    country: input.country ?? null,
    startAt: input.startAt ? new Date(input.startAt) : null,
    endAt: input.endAt ? new Date(input.endAt) : null,
    requestDate: input.requestDate ? new Date(input.requestDate) : null,
    teleServiceNumber: input.teleServiceNumber ?? null,
    orderingParty: input.orderingParty ?? null,
    additionalRequirements: input.additionalRequirements ?? null,
  };
}

const ORDER: Record<MissionListQuery['sort'], (order: 'asc' | 'desc') => Prisma.MissionOrderByWithRelationInput[]> = {
  startAt: (order) => [{ startAt: { sort: order, nulls: 'last' } }],
  title: (order) => [{ title: order }],
  createdAt: (order) => [{ createdAt: order }],
  status: (order) => [{ status: order }, { startAt: { sort: 'asc', nulls: 'last' } }],
};

/** The missions a pilot flies, as referent or additional pilot (docs/security.md "Missions a pilot flies"). */
export const flownBy = (pilotId: string): Prisma.MissionWhereInput => ({
  OR: [{ referentPilotId: pilotId }, { additionalPilots: { some: { id: pilotId } } }],
});

/** The same in SQL, on the mission id `missionId` (a column or a parameter) and the pilot id `pilotId`. */
export const flownBySql = (missionId: string, pilotId: string) =>
  `${missionId} IN (SELECT id FROM "Mission" WHERE "referentPilotId" = ${pilotId}::uuid
     UNION ALL SELECT "A" FROM "_MissionAdditionalPilots" WHERE "B" = ${pilotId}::uuid)`;

export function createMissionsRepository(prisma: PrismaClient) {
  return {
    /** Who flies the mission; null when it does not exist. */
    crew(id: string) {
      return prisma.mission.findUnique({ where: { id }, select: { referentPilotId: true, additionalPilots: { select: { id: true } } } });
    },
    /**
     * The missions `pilotAccountId` flies or its operator `ownerId` owns that are active at `now`: flying, or validated
     * and due to start within `windowMs`.
     */
    async activeIds(ownerId: string, pilotAccountId: string, now: Date, windowMs: number) {
      const pilotOf = { some: { supervisedUserId: pilotAccountId } };
      const missions = await prisma.mission.findMany({
        where: {
          OR: [{ userId: ownerId }, { referentPilot: { supervisedUserId: pilotAccountId } }, { additionalPilots: pilotOf }],
          AND: [
            {
              OR: [
                { status: 'onGoing' },
                { status: 'validated', startAt: { lte: new Date(now.getTime() + windowMs) }, endAt: { gte: now } },
              ],
            },
          ],
        },
        select: { id: true },
      });
      return missions.map((mission) => mission.id);
    },

    /** Missions of `ownerId` (all owners when null), filtered, one page. */
    /** `pilotId`: only the missions that pilot flies, as referent or additional pilot. */
    async list(ownerId: string | null, query: MissionListQuery, pilotId?: string): Promise<{ items: MissionSummaryRow[]; total: number }> {
      const and: Prisma.MissionWhereInput[] = [];
      if (ownerId) and.push({ userId: ownerId });
      if (pilotId) and.push(flownBy(pilotId));
      if (query.status) and.push({ status: { in: query.status } });
      // A mission meets [from, to] when it starts before `to` and ends after `from` (no end: starts after `from`).
      if (query.to) and.push({ startAt: { lte: new Date(query.to) } });
      if (query.from) and.push({ OR: [{ endAt: { gte: new Date(query.from) } }, { endAt: null, startAt: { gte: new Date(query.from) } }] });
      if (query.search)
        and.push({
          OR: (['title', 'description', 'orderingParty', 'teleServiceNumber'] as const).map((field) => ({
            [field]: { contains: query.search, mode: 'insensitive' },
          })),
        });
      const where: Prisma.MissionWhereInput = { AND: and };
      const [items, total] = await Promise.all([
        prisma.mission.findMany({
          where,
          include: withSummary,
          orderBy: [...ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.mission.count({ where }),
      ]);
      return { items, total };
    },
    find(id: string) {
      return prisma.mission.findUnique({ where: { id }, include: withDetail });
    },
    ownerAgreement(userId: string) {
      return prisma.user.findUnique({ where: { id: userId }, select: { id: true, agreementStatus: true } });
    },
    /** How many of `ids` are current (not deleted) pilots of `ownerId`. */
    countOwnedPilots(ownerId: string, ids: string[]) {
      return prisma.pilot.count({ where: { id: { in: ids }, userId: ownerId, deletedAt: null } });
    },
    /** The owner's current pilots and machines, by name, for the mission form's choices. */
    async choices(ownerId: string) {
      const [pilots, machines] = await Promise.all([
        prisma.pilot.findMany({
          where: { userId: ownerId, deletedAt: null },
          select: { id: true, firstName: true, lastName: true },
          orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
          take: MISSION_CHOICES_MAX,
        }),
        prisma.machine.findMany({
          where: { userId: ownerId, deletedAt: null },
          select: { id: true, internalName: true, serialNumber: true },
          orderBy: { internalName: 'asc' },
          take: MISSION_CHOICES_MAX,
        }),
      ]);
      return { pilots, machines };
    },
    countOwnedMachines(ownerId: string, ids: string[]) {
      return prisma.machine.count({ where: { id: { in: ids }, userId: ownerId, deletedAt: null } });
    },
    create(ownerId: string, data: MissionData, history: HistoryEntry, duplicatedFromId: string | null = null) {
      return prisma.mission.create({
        data: {
          ...fields(data),
          userId: ownerId,
          duplicatedFromId,
          additionalPilots: { connect: data.input.additionalPilotIds.map((id) => ({ id })) },
          additionalMachines: { connect: data.input.additionalMachineIds.map((id) => ({ id })) },
          history: { create: history },
        },
        include: withDetail,
      });
    },
    update(id: string, data: MissionData, history: HistoryEntry | null) {
      return prisma.mission.update({
        where: { id },
        data: {
          ...fields(data),
          // The verdict was computed on the mission as it was: a saved change calls for a new one.
          lastVerdict: Prisma.DbNull,
          lastVerdictAt: null,
          additionalPilots: { set: data.input.additionalPilotIds.map((pid) => ({ id: pid })) },
          additionalMachines: { set: data.input.additionalMachineIds.map((mid) => ({ id: mid })) },
          ...(history ? { history: { create: history } } : {}),
        },
        include: withDetail,
      });
    },
    /**
     * Moves the mission from `from` to `history.to` only if it is still in `from` (two simultaneous actions: one wins);
     * leaving `onGoing` lands its open flight.
     */
    async transition(id: string, from: MissionStatus, history: HistoryEntry) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.mission.updateMany({ where: { id, status: from }, data: { status: history.to } });
        if (count === 0) return null;
        await tx.missionHistory.create({ data: { ...history, missionId: id } });
        // Ending a flying mission (requestEnd) ends its open flight too: the diary counts it as flown until then.
        if (from === 'onGoing')
          await tx.flight.updateMany({ where: { missionId: id, landedAt: null }, data: { landedAt: history.at, lastPingAt: history.at } });
        return tx.mission.findUnique({ where: { id }, include: withDetail });
      });
    },
    remove(id: string) {
      return prisma.mission.delete({ where: { id } });
    },
    /**
     * Who may not validate the mission: whoever sent it for validation last, when its operator asks for a second
     * person (`secondPersonValidation`); null otherwise (docs/security.md).
     */
    async barredValidator(missionId: string) {
      const entry = await prisma.missionHistory.findFirst({
        where: { missionId, action: 'sendForValidation', mission: { owner: { secondPersonValidation: true } } },
        orderBy: [{ at: 'desc' }, { id: 'desc' }],
        select: { actorId: true },
      });
      return entry?.actorId ?? null;
    },
    history(missionId: string) {
      return prisma.missionHistory.findMany({ where: { missionId }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
    },
    saveVerdict(id: string, country: string, verdict: unknown, at: Date) {
      return prisma.mission.update({
        where: { id },
        data: { country: country as MissionRow['country'], lastVerdict: verdict as Prisma.InputJsonValue, lastVerdictAt: at },
        include: withDetail,
      });
    },
    /** What the regulation needs from the mission's pilot and machine. */
    regulationFacts(mission: { referentPilotId: string | null; mainMachineId: string | null }) {
      return Promise.all([
        mission.referentPilotId
          ? prisma.pilot.findUnique({ where: { id: mission.referentPilotId }, include: { documents: true } })
          : Promise.resolve(null),
        mission.mainMachineId ? prisma.machine.findUnique({ where: { id: mission.mainMachineId } }) : Promise.resolve(null),
      ]);
    },
  };
}

export type MissionsRepository = ReturnType<typeof createMissionsRepository>;
