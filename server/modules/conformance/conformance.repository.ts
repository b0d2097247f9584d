import type { MultiPolygon } from 'geojson';
import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import { restrictionsSchema } from '../../../src/shared/contracts/requests';
import { activationsRequired } from '../../../src/shared/domain/activation-dates';
import { ACCEPTED_STATUSES } from '../../../src/shared/domain/request-status';
import type { Language } from '../../../src/shared/domain/enums';
import type { PrismaClient } from '../../generated/prisma/client';
import { bboxOf, type Area, type CheckedAlert, type MissionEnvelope } from './conformance.rules';

/** An activation still holds while its change or cancellation waits for the managers. */
const HELD_ACTIVATIONS = ['accepted', 'toUpdate', 'toDelete'] as const;

/** Tables whose changes make the checker reload what it checks against (notified by the migrations' triggers). */
export const CONFORMANCE_TABLES: ReadonlySet<string> = new Set([
  'Alert',
  '_AlertLinkedUsers',
  'Tracker',
  'Mission',
  'PermissionRequest',
  'Activation',
  '_AirspaceManagers',
]);

export interface EpisodeRow {
  id: string;
  alertId: string;
  ident: string;
  source: TrafficSourceCode;
  missionId: string | null;
  userId: string | null;
  startedAt: Date;
  endedAt: Date | null;
  lastAt: Date;
  latitude: number;
  longitude: number;
  heightM: number | null;
  worstValue: number | null;
  positionCount: number;
}

export interface Recipient {
  id: string;
  email: string;
  phoneNumber: string | null;
  lang: Language;
  pushSubscriptions: { endpoint: string; p256dh: string; auth: string }[];
}

export function createConformanceRepository(prisma: PrismaClient) {
  return {
    async alerts(): Promise<CheckedAlert[]> {
      const rows = await prisma.alert.findMany({ include: { linkedUsers: { select: { id: true } } } });
      return rows.map((row) => {
        const geometry = row.geometry as unknown as MultiPolygon;
        return {
          id: row.id,
          name: row.name,
          type: row.type,
          isDisplayed: row.isDisplayed,
          showForUsersOnly: row.showForUsersOnly,
          linkedUserIds: new Set(row.linkedUsers.map((user) => user.id)),
          lowerLimitM: row.lowerLimitM,
          upperLimitM: row.upperLimitM,
          proximityHorizontalM: row.proximityHorizontalM,
          proximityVerticalM: row.proximityVerticalM,
          proximitySources: new Set(row.proximitySources),
          proximityTargetSources: new Set(row.proximityTargetSources),
          notifyEmail: row.notifyEmail,
          notifySms: row.notifySms,
          notifyPush: row.notifyPush,
          geometry,
          bbox: bboxOf(geometry),
        };
      });
    },
    /** Registered tracker idents and the account each belongs to. */
    async trackers(): Promise<Map<string, string | null>> {
      const rows = await prisma.tracker.findMany({ select: { ident: true, relatedUserId: true } });
      return new Map(rows.map((row) => [row.ident, row.relatedUserId]));
    },
    /** Flying missions with what their accepted requests allow. */
    async flyingMissions(): Promise<Map<string, MissionEnvelope>> {
      const rows = await prisma.mission.findMany({
        where: { status: 'onGoing' },
        select: {
          id: true,
          userId: true,
          areas: true,
          maxHeightM: true,
          startAt: true,
          endAt: true,
          requests: {
            where: { status: { in: [...ACCEPTED_STATUSES] } },
            select: {
              restrictions: true,
              impactLevel: true,
              airspace: { select: { geometry: true, activationTrigger: true, managers: { select: { id: true } } } },
              activations: { where: { status: { in: [...HELD_ACTIVATIONS] } }, select: { startAt: true, endAt: true } },
            },
          },
        },
      });
      return new Map(
        rows.map((row) => {
          const area = (row.areas as Area | null) ?? null;
          const envelope: MissionEnvelope = {
            id: row.id,
            userId: row.userId,
            area,
            areaBox: area ? bboxOf(area) : null,
            reducedAreas: [],
            maxHeightM: row.maxHeightM,
            slots: row.startAt && row.endAt ? [{ startAt: row.startAt, endAt: row.endAt }] : [],
            activations: [],
            managerIds: [],
          };
          for (const request of row.requests) {
            const parsed = restrictionsSchema.safeParse(request.restrictions);
            for (const restriction of parsed.success ? parsed.data : []) {
              if (restriction.kind === 'reducedArea') {
                envelope.reducedAreas.push({
                  airspace: (request.airspace.geometry as Area | null) ?? null,
                  area: restriction.area as Area,
                });
              } else if (restriction.kind === 'maxHeight') {
                envelope.maxHeightM = Math.min(envelope.maxHeightM ?? Infinity, restriction.maxHeightM);
              } else if (restriction.kind === 'timeSlot') {
                envelope.slots.push({ startAt: new Date(restriction.startAt), endAt: new Date(restriction.endAt) });
              }
            }
            if (activationsRequired(request.airspace.activationTrigger, request.impactLevel))
              envelope.activations.push(request.activations);
            envelope.managerIds.push(...request.airspace.managers.map((manager) => manager.id));
          }
          return [row.id, envelope];
        }),
      );
    },
    openEpisodes(): Promise<EpisodeRow[]> {
      return prisma.violation.findMany({ where: { endedAt: null }, omit: { createdAt: true } });
    },
    /** New episodes in one statement, like updateEpisodes: a batch can open a hundred at once. */
    async createEpisodes(rows: EpisodeRow[]) {
      if (rows.length === 0) return;
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      await prisma.$executeRaw`
        INSERT INTO "Violation" (id, "alertId", ident, source, "missionId", "userId", "startedAt", "endedAt", "lastAt",
          latitude, longitude, "heightM", "worstValue", "positionCount")
        SELECT u.id, u."alertId", u.ident, u.source::"TrafficSource", u."missionId", u."userId",
          (u."startedAt"::timestamptz AT TIME ZONE 'UTC'), (u."endedAt"::timestamptz AT TIME ZONE 'UTC'),
          (u."lastAt"::timestamptz AT TIME ZONE 'UTC'), u.latitude, u.longitude, u."heightM", u."worstValue", u."positionCount"
        FROM unnest(
          ${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.alertId)}::uuid[], ${rows.map((row) => row.ident)}::text[],
          ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.missionId)}::uuid[], ${rows.map((row) => row.userId)}::uuid[],
          ${rows.map((row) => iso(row.startedAt))}::text[], ${rows.map((row) => iso(row.endedAt))}::text[],
          ${rows.map((row) => iso(row.lastAt))}::text[], ${rows.map((row) => row.latitude)}::float8[],
          ${rows.map((row) => row.longitude)}::float8[], ${rows.map((row) => row.heightM)}::float8[],
          ${rows.map((row) => row.worstValue)}::float8[], ${rows.map((row) => row.positionCount)}::int[]
        ) AS u(id, "alertId", ident, source, "missionId", "userId", "startedAt", "endedAt", "lastAt", latitude, longitude,
          "heightM", "worstValue", "positionCount")`;
    },
    /** The new state of continuing and ending episodes, in one statement (instants passed as ISO text, stored as UTC). */
    async updateEpisodes(rows: EpisodeRow[]) {
      if (rows.length === 0) return;
      await prisma.$executeRaw`
        UPDATE "Violation" AS v SET
          "endedAt" = (u."endedAt"::timestamptz AT TIME ZONE 'UTC'), "lastAt" = (u."lastAt"::timestamptz AT TIME ZONE 'UTC'), latitude = u.latitude, longitude = u.longitude,
          "heightM" = u."heightM", "worstValue" = u."worstValue", "positionCount" = u."positionCount"
        FROM unnest(
          ${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.endedAt?.toISOString() ?? null)}::text[],
          ${rows.map((row) => row.lastAt.toISOString())}::text[], ${rows.map((row) => row.latitude)}::float8[],
          ${rows.map((row) => row.longitude)}::float8[], ${rows.map((row) => row.heightM)}::float8[],
          ${rows.map((row) => row.worstValue)}::float8[], ${rows.map((row) => row.positionCount)}::int[]
        ) AS u(id, "endedAt", "lastAt", latitude, longitude, "heightM", "worstValue", "positionCount")
        WHERE v.id = u.id`;
    },
    recipients(ids: string[]): Promise<Recipient[]> {
      return prisma.user.findMany({
        where: { id: { in: ids }, status: 'active' },
        select: {
          id: true,
          email: true,
          phoneNumber: true,
          lang: true,
          pushSubscriptions: { select: { endpoint: true, p256dh: true, auth: true } },
        },
      });
    },
    forgetSubscription(endpoint: string) {
      return prisma.pushSubscription.deleteMany({ where: { endpoint } });
    },
  };
}

export type ConformanceRepository = ReturnType<typeof createConformanceRepository>;
