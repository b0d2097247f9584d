import type { MultiPolygon } from 'geojson';
import type pg from 'pg';
import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { ConformanceRule } from '../../../src/shared/contracts/conformance';
import { restrictionsSchema } from '../../../src/shared/contracts/requests';
import { activationsRequired } from '../../../src/shared/domain/activation-dates';
import { ACCEPTED_STATUSES } from '../../../src/shared/domain/request-status';
import type { Language } from '../../../src/shared/domain/enums';
import type { PrismaClient } from '../../generated/prisma/client';
import { prepared } from '../../lib/prepared';
import { bboxOf, type Area, type CheckedAlert, type MissionEnvelope } from './conformance.rules';
import type { EpisodeState } from './episodes';

/** An activation still holds while its change or cancellation waits for the managers. */
const HELD_ACTIVATIONS = ['accepted', 'toUpdate', 'toDelete'] as const;

/** Tables whose changes make the checker reload what it checks against (notified by the migrations' triggers). */
export const CONFORMANCE_TABLES: ReadonlySet<string> = new Set([
  'Alert',
  '_AlertLinkedUsers',
  'Tracker',
  'Mission',
  'Request',
  'Activation',
  '_AirspaceManagers',
]);

/** An episode as stored: its state (episodes.ts) with the alert or rule broken and the traffic that broke it. */
export interface EpisodeRow extends Omit<EpisodeState<ConformanceRule>, 'rule'> {
  /** The alert broken, or null for a flight conformance episode, which names its rule. */
  alertId: string | null;
  rule: ConformanceRule | null;
  ident: string;
  source: TrafficSourceCode;
  missionId: string | null;
  userId: string | null;
}

export interface Recipient {
  id: string;
  email: string;
  phoneNumber: string | null;
  lang: Language;
  pushSubscriptions: { endpoint: string; p256dh: string; auth: string }[];
}

/** The contingency distance of a mission's safety zones (docs/missions.md), 0 when it has none. */
function toleranceOf(safetyZones: unknown): number {
  const contingency = (safetyZones as { contingencyM?: unknown } | null)?.contingencyM;
  return typeof contingency === 'number' && Number.isFinite(contingency) && contingency > 0 ? contingency : 0;
}

export function createConformanceRepository(prisma: PrismaClient, pool: pg.Pool) {
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
          title: true,
          userId: true,
          safetyZones: true,
          flights: { where: { landedAt: null }, select: { takenOffBy: true } },
          areas: true,
          maxHeightM: true,
          startAt: true,
          endAt: true,
          requests: {
            where: { status: { in: [...ACCEPTED_STATUSES] } },
            select: {
              restrictions: true,
              impactLevel: true,
              airspace: {
                select: { geometry: true, activationTrigger: true, violationChannels: true, managers: { select: { id: true } } },
              },
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
            title: row.title,
            userId: row.userId,
            pilotUserIds: row.flights.map((flight) => flight.takenOffBy),
            toleranceM: toleranceOf(row.safetyZones),
            area,
            areaBox: area ? bboxOf(area) : null,
            reducedAreas: [],
            maxHeightM: row.maxHeightM,
            slots: row.startAt && row.endAt ? [{ startAt: row.startAt, endAt: row.endAt }] : [],
            activations: [],
            managers: [],
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
            const channels = request.airspace.violationChannels;
            envelope.managers.push(...request.airspace.managers.map((manager) => ({ id: manager.id, channels })));
          }
          return [row.id, envelope];
        }),
      );
    },
    /** The open episodes of the alerts, left by a previous run. */
    openEpisodes(): Promise<EpisodeRow[]> {
      return prisma.violation.findMany({ where: { endedAt: null, rule: null }, omit: { createdAt: true } }) as Promise<EpisodeRow[]>;
    },
    /** The open episodes of the flight conformance check, left by a previous run. */
    openFlightEpisodes(): Promise<EpisodeRow[]> {
      return prisma.violation.findMany({ where: { endedAt: null, rule: { not: null } }, omit: { createdAt: true } }) as Promise<
        EpisodeRow[]
      >;
    },
    /**
     * New episodes and the new state of continuing and ending ones, in one statement on the pool (a prepared
     * statement: a Prisma call compiles its query with every parameter, which for arrays of a hundred rows cost more
     * than the statement). The two sets hold different episodes, each passed as one JSON parameter (its instants as
     * ISO text, stored as UTC): node-postgres writes an array parameter element by element (docs/performance.md).
     */
    async writeEpisodes(creates: readonly EpisodeRow[], updates: readonly EpisodeRow[]) {
      if (creates.length === 0 && updates.length === 0) return;
      const utc = (column: string) => `(${column}::timestamptz AT TIME ZONE 'UTC')`;
      // The columns only: an episode the checker holds also carries its alert, geometry and all, which a caller could pass.
      // Instants as the ISO text JSON.stringify would write, made here: a third less of its time than through toJSON.
      const stateOf = (row: EpisodeRow) => ({
        id: row.id,
        endedAt: row.endedAt?.toISOString() ?? null,
        lastAt: row.lastAt.toISOString(),
        latitude: row.latitude,
        longitude: row.longitude,
        heightM: row.heightM,
        worstValue: row.worstValue,
        positionCount: row.positionCount,
      });
      const created = (row: EpisodeRow) => ({
        ...stateOf(row),
        alertId: row.alertId,
        ident: row.ident,
        source: row.source,
        missionId: row.missionId,
        userId: row.userId,
        startedAt: row.startedAt.toISOString(),
        rule: row.rule,
      });
      const state = `id uuid, "endedAt" text, "lastAt" text, latitude float8, longitude float8, "heightM" float8, "worstValue" float8,
                     "positionCount" int`;
      await prepared(
        pool,
        'conformance',
        `WITH created AS (
           INSERT INTO "Violation" (id, "alertId", ident, source, "missionId", "userId", "startedAt", "endedAt", "lastAt",
             latitude, longitude, "heightM", "worstValue", "positionCount", rule)
           SELECT u.id, u."alertId", u.ident, u.source::"TrafficSource", u."missionId", u."userId", ${utc('u."startedAt"')},
             ${utc('u."endedAt"')}, ${utc('u."lastAt"')}, u.latitude, u.longitude, u."heightM", u."worstValue", u."positionCount", u.rule
           FROM json_to_recordset($1::json)
             AS u(${state}, "alertId" uuid, ident text, source text, "missionId" uuid, "userId" uuid, "startedAt" text, rule text)
           RETURNING 1
         ), changed AS (
           UPDATE "Violation" AS v SET "endedAt" = ${utc('u."endedAt"')}, "lastAt" = ${utc('u."lastAt"')}, latitude = u.latitude,
             longitude = u.longitude, "heightM" = u."heightM", "worstValue" = u."worstValue", "positionCount" = u."positionCount"
           FROM json_to_recordset($2::json) AS u(${state})
           WHERE v.id = u.id
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM created) AS created, (SELECT count(*) FROM changed) AS changed`,
        [JSON.stringify(creates.map(created)), JSON.stringify(updates.map(stateOf))],
      );
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
