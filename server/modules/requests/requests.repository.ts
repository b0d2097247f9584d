import type pg from 'pg';
import type { RequestListQuery } from '../../../src/shared/contracts/requests';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import type { ImpactLevel, MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import type { RequestStatus } from '../../../src/shared/domain/request-status';
import { prepared, utcTimestamp } from '../../lib/prepared';
import { flownBy } from '../missions/missions.repository';
import type { AirspaceLimits } from './requests.limits';

/**
 * Filing a request is the path an operator waits on, and the automatic answer must come within it
 * (docs/performance.md, `npm run bench:requests`): its reads and its write are prepared statements, one round trip
 * each, instead of Prisma calls.
 */

const userRef = { select: { id: true, firstName: true, lastName: true } } as const;
const airspaceContacts = { mailingList: true, copyToManagers: true, managers: { select: { id: true, email: true, lang: true } } } as const;
const withSummary = {
  airspace: { select: { id: true, name: true, internalCode: true } },
  operator: { select: { id: true, firstName: true, lastName: true, companyName: true } },
} satisfies Prisma.RequestInclude;
const withDetail = {
  ...withSummary,
  airspace: {
    select: {
      id: true,
      name: true,
      internalCode: true,
      generalConditions: true,
      permanentConditions: true,
      news: true,
      description: true,
      twrPhoneNumber: true,
      managers: { select: { id: true } },
    },
  },
  decidedBy: userRef,
  automationRule: { select: { id: true, title: true } },
  events: { include: { actor: userRef }, orderBy: [{ at: 'asc' }, { sequence: 'asc' }] },
  messages: { include: { author: userRef }, orderBy: [{ at: 'asc' }, { sequence: 'asc' }] },
} satisfies Prisma.RequestInclude;

export type SummaryRow = Prisma.RequestGetPayload<{ include: typeof withSummary }>;
export type DetailRow = Prisma.RequestGetPayload<{ include: typeof withDetail }>;
export type AirspaceContactsRow = Prisma.AirspaceGetPayload<{ select: typeof airspaceContacts }>;
export type JsonValue = Prisma.JsonValue;
export type JsonInput = Prisma.InputJsonValue;
/** The columns a transition writes besides the status. */
export type RequestChange = Prisma.RequestUncheckedUpdateManyInput;

type UserRef = { id: string; firstName: string; lastName: string };
type Lang = 'en' | 'fr';

export interface MissionToFile {
  id: string;
  userId: string;
  status: string;
  title: string;
  startAt: Date | null;
  endAt: Date | null;
  maxHeightM: number | null;
  minHeightM: number | null;
  maxAltitudeFt: number | null;
  areas: MissionAreas | null;
  areaKm2: number;
  scenario: string | null;
  country: MissionSnapshot['country'];
  camerawork: boolean;
  description: string | null;
  constraints: MissionSnapshot['constraints'];
  referentPilot: MissionSnapshot['referentPilot'];
  mainMachine: MissionSnapshot['mainMachine'];
  owner: { email: string; lang: Lang; firstName: string; lastName: string; companyName: string | null; phoneNumber: string | null };
  /** Who files: the owner, or a supervised pilot filing for them. */
  actor: UserRef;
}

const MISSION_TO_FILE = `
  SELECT m.id, m."userId", m.status::text AS status, m.title, m."startAt", m."endAt", m."maxHeightM", m."minHeightM", m."maxAltitudeFt",
         m.areas, m."areaKm2", m.scenario, m.country::text AS country, m.camerawork, m.description, m.constraints,
         CASE WHEN p.id IS NULL THEN NULL
              ELSE jsonb_build_object('id', p.id, 'firstName', p."firstName", 'lastName', p."lastName") END AS "referentPilot",
         CASE WHEN x.id IS NULL THEN NULL
              ELSE jsonb_build_object('id', x.id, 'internalName', x."internalName", 'serialNumber', x."serialNumber",
                                      'classes', x.classes::text[], 'massGrams', x."massGrams") END AS "mainMachine",
         jsonb_build_object('email', o.email, 'lang', o.lang, 'firstName', o."firstName", 'lastName', o."lastName",
                            'companyName', o."companyName", 'phoneNumber', o."phoneNumber") AS owner,
         (SELECT jsonb_build_object('id', a.id, 'firstName', a."firstName", 'lastName', a."lastName")
            FROM "User" a WHERE a.id = $2::uuid) AS actor
    FROM "Mission" m
    JOIN "User" o ON o.id = m."userId"
    LEFT JOIN "Pilot" p ON p.id = m."referentPilotId"
    LEFT JOIN "Machine" x ON x.id = m."mainMachineId"
   WHERE m.id = $1::uuid`;

export interface AirspaceToFile extends AirspaceLimits {
  id: string;
  name: string;
  internalCode: string;
  visibleToOperators: boolean;
  geometry: unknown;
  autoRejectDelayHours: number | null;
  generalConditions: string | null;
  permanentConditions: string | null;
  news: string | null;
  description: string | null;
  twrPhoneNumber: string | null;
  mailingList: string[];
  copyToManagers: boolean;
  managers: { id: string; email: string; lang: Lang }[];
  /** Requests of the mission under analysis in this airspace (spec §8: no second contact meanwhile). */
  pending: number;
}

const AIRSPACE_TO_FILE = `
  SELECT a.id, a.name, a."internalCode", a."visibleToOperators", a.geometry, a."minNoticeDays", a."maxNoticeDays",
         a."maxDurationHours", a."maxPolygons", a."maxAreaKm2", a."maxAreaPerPolygonKm2", a."maxExtentKm",
         a."autoRejectDelayHours", a."generalConditions", a."permanentConditions", a.news, a.description,
         a."twrPhoneNumber", a."mailingList", a."copyToManagers",
         COALESCE((SELECT jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email, 'lang', u.lang) ORDER BY u.email)
                     FROM "_AirspaceManagers" am JOIN "User" u ON u.id = am."B" WHERE am."A" = a.id), '[]') AS managers,
         (SELECT count(*)::int FROM "Request" r
           WHERE r."airspaceId" = a.id AND r."missionId" = $2::uuid AND r.status::text = ANY($3::text[])) AS pending
    FROM "Airspace" a
   WHERE a.id = $1::uuid`;

export interface FiledEvent {
  id: string;
  from: RequestStatus | null;
  to: RequestStatus;
  action: string;
  actorId: string | null;
  reason: string | null;
  details: unknown;
  at: Date;
}

export interface FiledRequest {
  id: string;
  year: number;
  missionId: string;
  airspaceId: string;
  operatorId: string;
  status: RequestStatus;
  automatic: boolean;
  operatorPhone: string | null;
  firstMessage: { id: string; authorId: string; body: string } | null;
  missionSnapshot: MissionSnapshot;
  impactLevel: ImpactLevel;
  classification: unknown;
  restrictions: unknown[];
  rejectionReason: string | null;
  decidedAt: Date | null;
  automationRuleId: string | null;
  automationRuleVersion: number | null;
  autoRejectAt: Date | null;
  submittedAt: Date;
  events: FiledEvent[];
}

// One statement, so one transaction: the request, its history in order and its first message. The reference number
// is built from the sequence's number (AG-<year>-<number on 6 digits>).
const INSERT_FILED = `
  WITH n AS (SELECT nextval(pg_get_serial_sequence('"Request"', 'number'))::int AS number),
  request AS (
    INSERT INTO "Request" (id, number, "referenceNumber", "missionId", "airspaceId", "operatorId", status, automatic,
                                     "operatorPhone", "firstMessage", "conditionsAcceptedAt", "missionSnapshot", "impactLevel",
                                     classification, restrictions, "rejectionReason", "decidedAt", "automationRuleId",
                                     "automationRuleVersion", "autoRejectAt", "submittedAt", "createdAt", "updatedAt")
    SELECT $1::uuid, n.number, 'AG-' || $2::text || '-' || lpad(n.number::text, 6, '0'), $3::uuid, $4::uuid, $5::uuid,
           $6::text::"RequestStatus", $7::boolean, $8::text, $9::text, $10::timestamp, $11::jsonb,
           $12::text::"ImpactLevel", $13::jsonb, $14::jsonb, $15::text, $16::timestamp, $17::uuid, $18::int, $19::timestamp,
           $10::timestamp, $10::timestamp, $10::timestamp
      FROM n
    RETURNING id, "referenceNumber"
  ),
  events AS (
    INSERT INTO "RequestEvent" (id, "requestId", "from", "to", action, "actorId", reason, details, at)
    SELECT e.id, request.id, e."from"::"RequestStatus", e."to"::"RequestStatus", e.action, e."actorId",
           e.reason, e.details, e.at
      FROM request, jsonb_to_recordset($20::jsonb) AS e(id uuid, "from" text, "to" text, action text, "actorId" uuid,
                                                        reason text, details jsonb, at timestamp, position int)
     ORDER BY e.position
  ),
  message AS (
    INSERT INTO "RequestMessage" (id, "requestId", "authorId", body, at)
    SELECT $21::uuid, request.id, $22::uuid, $9::text, $10::timestamp FROM request WHERE $21::uuid IS NOT NULL
  )
  SELECT "referenceNumber" FROM request`;

/** A timestamp column's value: the UTC instant without its zone, as Prisma writes it. */
export interface ActiveMissionRow {
  id: string;
  referenceNumber: string;
  status: RequestStatus;
  /** Only what the detail shows of it. */
  missionSnapshot: Pick<MissionSnapshot, 'title' | 'startAt' | 'endAt' | 'areas'>;
}

/** More candidates than that in one airspace at one place and time is not a plan a manager can read anyway. */
export const VOLUME_CANDIDATES_LIMIT = 500;

export interface VolumeRow {
  id: string;
  referenceNumber: string;
  status: RequestStatus;
  missionSnapshot: MissionSnapshot;
  restrictions: Restriction[];
}

/** The airspace's other requests whose filed 4D volume's box meets the one asked: the GiST index's candidates. */
const VOLUME_CANDIDATES = `
  SELECT r.id, r."referenceNumber", r.status::text AS status, r."missionSnapshot", r.restrictions
    FROM "Request" r
   WHERE r."volumeBox" && box(point($1, $2), point($3, $4))
     AND r."volumeWindow" && tstzrange($5::timestamptz, $6::timestamptz)
     AND r."volumeHeights" && numrange($7::numeric, $8::numeric, '[]')
     AND r."airspaceId" = $9::uuid AND r."missionId" <> $10::uuid AND r.status::text = ANY($11::text[])
   ORDER BY r."submittedAt", r.number
   LIMIT ${VOLUME_CANDIDATES_LIMIT}`;

/**
 * The requests whose filed 4D volume's box meets the view and whose window holds the instant, in some airspaces or all.
 * In filing order: requests filed in the same instant by their number.
 */
const VOLUMES_AT = `
  SELECT r.id, r."referenceNumber", r.status::text AS status, r."missionSnapshot", r.restrictions, r."operatorId"
    FROM "Request" r
   WHERE r."volumeBox" && box(point($1, $2), point($3, $4))
     AND r."volumeWindow" @> $5::timestamptz
     AND r.status::text = ANY($6::text[])
     AND ($7::uuid[] IS NULL OR r."airspaceId" = ANY($7::uuid[]))
     AND ($8::uuid IS NULL OR r."missionId" <> $8::uuid)
   ORDER BY r."submittedAt", r.number
   LIMIT $9`;

const ACTIVE_MISSIONS = `
  SELECT r.id, r."referenceNumber", r.status::text AS status,
         jsonb_build_object('title', r."missionSnapshot"->'title', 'startAt', r."missionSnapshot"->'startAt',
           'endAt', r."missionSnapshot"->'endAt', 'areas', r."missionSnapshot"->'areas') AS "missionSnapshot"
    FROM "Request" r
    JOIN "Mission" m ON m.id = r."missionId"
   WHERE r."airspaceId" = $1::uuid AND r.id <> $2::uuid AND r.status::text = ANY($3::text[])
     AND m."startAt" < $4::timestamp AND m."endAt" > $5::timestamp
   ORDER BY r."submittedAt", r.number
   LIMIT 50`;

export function createRequestsRepository(prisma: PrismaClient, pool: pg.Pool) {
  return {
    find(id: string) {
      return prisma.request.findUnique({ where: { id } });
    },

    detail(id: string): Promise<DetailRow> {
      return prisma.request.findUniqueOrThrow({ where: { id }, include: withDetail });
    },

    missionOf(missionId: string) {
      return prisma.mission.findUnique({ where: { id: missionId }, select: { userId: true, areas: true, country: true, startAt: true } });
    },

    airspaceContacts(airspaceId: string): Promise<AirspaceContactsRow> {
      return prisma.airspace.findUniqueOrThrow({ where: { id: airspaceId }, select: airspaceContacts });
    },

    /** The request with what its e-mails name: the airspace and the operator. */
    /** Who hears of a request's events (its operator, its airspace's managers) and what they are told. */
    eventRow(requestId: string) {
      return prisma.request.findUnique({
        where: { id: requestId },
        select: {
          id: true,
          referenceNumber: true,
          status: true,
          missionId: true,
          airspaceId: true,
          operatorId: true,
          airspace: { select: { managers: { select: { id: true } } } },
        },
      });
    },

    mailRow(requestId: string) {
      return prisma.request.findUniqueOrThrow({
        where: { id: requestId },
        include: {
          airspace: { select: { name: true } },
          operator: { select: { email: true, lang: true, firstName: true, lastName: true, companyName: true } },
        },
      });
    },

    /**
     * Moves the request to `next` only if its status is still the one read, with its history entry, in one transaction;
     * answers false when the status changed meanwhile.
     */
    transition(
      request: { id: string; status: RequestStatus },
      next: RequestStatus,
      data: RequestChange,
      event: { action: string; actorId: string | null; reason: string | null; details: JsonInput | null; at: Date },
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.request.updateMany({
          where: { id: request.id, status: request.status },
          data: { ...data, status: next },
        });
        if (count !== 1) return false;
        await tx.requestEvent.create({
          data: {
            requestId: request.id,
            from: request.status,
            to: next,
            action: event.action,
            actorId: event.actorId,
            reason: event.reason,
            details: event.details ?? Prisma.DbNull,
            at: event.at,
          },
        });
        return true;
      });
    },

    /** The mission's requests in one of `statuses`. */
    ofMission(missionId: string, statuses: readonly RequestStatus[]) {
      return prisma.request.findMany({
        where: { missionId, status: { in: [...statuses] } },
        select: { id: true, airspaceId: true },
      });
    },

    countOfMission(missionId: string, statuses?: readonly RequestStatus[]) {
      return prisma.request.count({ where: { missionId, ...(statuses && { status: { in: [...statuses] } }) } });
    },

    /** A page of requests: those of the airspaces a manager manages, or an operator's own (of the missions `pilotId` flies). */
    async list(
      scope: { managerId: string } | { operatorId: string; pilotId: string | null },
      statuses: readonly RequestStatus[],
      query: RequestListQuery,
    ) {
      const search = query.search
        ? {
            OR: [
              { referenceNumber: { contains: query.search, mode: 'insensitive' as const } },
              { mission: { title: { contains: query.search, mode: 'insensitive' as const } } },
              { operator: { lastName: { contains: query.search, mode: 'insensitive' as const } } },
              { operator: { firstName: { contains: query.search, mode: 'insensitive' as const } } },
              { operator: { companyName: { contains: query.search, mode: 'insensitive' as const } } },
            ],
          }
        : {};
      const where: Prisma.RequestWhereInput = {
        AND: [
          'managerId' in scope ? { airspace: { managers: { some: { id: scope.managerId } } } } : { operatorId: scope.operatorId },
          'pilotId' in scope && scope.pilotId ? { mission: flownBy(scope.pilotId) } : {},
          search,
          statuses.length > 0 ? { status: { in: [...statuses] } } : {},
          query.airspaceId ? { airspaceId: query.airspaceId } : {},
          query.missionId ? { missionId: query.missionId } : {},
          query.from ? { mission: { endAt: { gte: new Date(query.from) } } } : {},
          query.to ? { mission: { startAt: { lte: new Date(query.to) } } } : {},
        ],
      };
      const sortField = query.sort === 'referenceNumber' ? 'number' : query.sort;
      const [items, total] = await Promise.all([
        prisma.request.findMany({
          where,
          include: withSummary,
          orderBy: [{ [sortField]: query.order }, { number: query.order }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.request.count({ where }),
      ]);
      return { items, total };
    },

    async addMessage(message: { requestId: string; authorId: string; body: string; at: Date }) {
      await prisma.requestMessage.create({ data: message });
    },

    userName(userId: string) {
      return prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
    },

    /** Requests in one of `statuses` whose auto-reject time is past, oldest deadline first, 500 at most. */
    dueForAutoReject(now: Date, statuses: readonly RequestStatus[]) {
      return prisma.request.findMany({
        where: { status: { in: [...statuses] }, autoRejectAt: { lte: now } },
        include: { airspace: { select: { autoRejectDelayHours: true } } },
        orderBy: { autoRejectAt: 'asc' },
        take: 500,
      });
    },

    async missionToFile(missionId: string, actorId: string): Promise<MissionToFile | null> {
      return (
        (await prepared<MissionToFile & pg.QueryResultRow>(pool, 'request-mission', MISSION_TO_FILE, [missionId, actorId])).rows[0] ?? null
      );
    },

    async airspaceToFile(airspaceId: string, missionId: string, underAnalysis: readonly RequestStatus[]): Promise<AirspaceToFile | null> {
      const { rows } = await prepared<AirspaceToFile & pg.QueryResultRow>(pool, 'request-airspace', AIRSPACE_TO_FILE, [
        airspaceId,
        missionId,
        underAnalysis,
      ]);
      return rows[0] ?? null;
    },

    /** Writes the filed request with its history; answers its reference number. */
    async insertFiled(request: FiledRequest): Promise<string> {
      const { rows } = await prepared<{ referenceNumber: string }>(pool, 'request-insert', INSERT_FILED, [
        request.id,
        String(request.year),
        request.missionId,
        request.airspaceId,
        request.operatorId,
        request.status,
        request.automatic,
        request.operatorPhone,
        request.firstMessage?.body ?? null,
        utcTimestamp(request.submittedAt),
        JSON.stringify(request.missionSnapshot),
        request.impactLevel,
        JSON.stringify(request.classification),
        JSON.stringify(request.restrictions),
        request.rejectionReason,
        utcTimestamp(request.decidedAt),
        request.automationRuleId,
        request.automationRuleVersion,
        utcTimestamp(request.autoRejectAt),
        JSON.stringify(request.events.map((event, position) => ({ ...event, at: utcTimestamp(event.at), position }))),
        request.firstMessage?.id ?? null,
        request.firstMessage?.authorId ?? null,
      ]);
      return rows[0]!.referenceNumber;
    },

    /** The airspace's other requests, accepted or under analysis, whose missions overlap in time (request detail). */
    async activeMissions(
      request: { id: string; airspaceId: string; startAt: Date; endAt: Date },
      statuses: readonly RequestStatus[],
    ): Promise<ActiveMissionRow[]> {
      const { rows } = await prepared<ActiveMissionRow & pg.QueryResultRow>(pool, 'request-active', ACTIVE_MISSIONS, [
        request.airspaceId,
        request.id,
        statuses,
        utcTimestamp(request.endAt),
        utcTimestamp(request.startAt),
      ]);
      return rows;
    },

    /** Candidates for deconfliction: the index answers by boxes, the caller keeps those whose volumes really meet. */
    /** The candidates of the map's "Deconfliction" layer: `airspaceIds` null reads every airspace. */
    async volumesAt(
      box: readonly [number, number, number, number],
      at: Date,
      scope: { statuses: readonly RequestStatus[]; airspaceIds: string[] | null; exceptMissionId: string | null; limit: number },
    ): Promise<(VolumeRow & { operatorId: string })[]> {
      const [west, south, east, north] = box;
      const { rows } = await prepared<VolumeRow & { operatorId: string } & pg.QueryResultRow>(pool, 'request-volumes-at', VOLUMES_AT, [
        west,
        south,
        east,
        north,
        at.toISOString(),
        scope.statuses,
        scope.airspaceIds,
        scope.exceptMissionId,
        scope.limit,
      ]);
      return rows;
    },

    async volumeCandidates(
      subject: { airspaceId: string; missionId: string; box: [number, number, number, number] },
      volume: { minHeightM: number; maxHeightM: number | null; startAt: number; endAt: number },
      statuses: readonly RequestStatus[],
    ): Promise<VolumeRow[]> {
      const [west, south, east, north] = subject.box;
      const { rows } = await prepared<VolumeRow & pg.QueryResultRow>(pool, 'request-volumes', VOLUME_CANDIDATES, [
        west,
        south,
        east,
        north,
        new Date(volume.startAt).toISOString(),
        new Date(volume.endAt).toISOString(),
        volume.minHeightM,
        volume.maxHeightM,
        subject.airspaceId,
        subject.missionId,
        statuses,
      ]);
      return rows;
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
