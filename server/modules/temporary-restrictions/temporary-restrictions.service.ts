import { iso1A3Code } from '@rapideditor/country-coder';
import { area as areaM2, bbox, centroid, difference, feature, featureCollection } from '@turf/turf';
import type { MultiPolygon as GeoMultiPolygon } from 'geojson';
import type {
  AffectedMission,
  TemporaryRestriction,
  TemporaryRestrictionInput,
  TemporaryRestrictionPreview,
} from '../../../src/shared/contracts/temporary-restrictions';
import type { MissionVerdict } from '../../../src/shared/contracts/regulation';
import { grantedVolume, volumeOverlap } from '../../../src/shared/domain/deconfliction';
import { ACCEPTED_STATUSES, UNDER_ANALYSIS_STATUSES } from '../../../src/shared/domain/request-status';
import type { AreaGeometry, MultiPolygon, Zone } from '../../../src/shared/geozones/zone';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PushClient } from '../../integrations/push/push-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ZonesService } from '../../zones/zones.service';
import type { AuditRepository } from '../audit/audit.repository';
import { restrictionEmail, type RestrictionMailContext } from './temporary-restrictions.emails';
import type { RestrictionRow, TemporaryRestrictionsRepository } from './temporary-restrictions.repository';

/** A restriction's area may cross its airspace's edge by this much (m²): the rounding of a shape drawn along it. */
const OUTSIDE_TOLERANCE_M2 = 1;

const isAdmin = (actor: AuthUser) => actor.rights.has('AIRSPACE_EDIT_ADMIN');
const readsAll = (actor: AuthUser) => isAdmin(actor) || actor.rights.has('AIRSPACE_LIST_ADMIN');

const toMultiPolygon = (area: AreaGeometry): MultiPolygon =>
  area.type === 'MultiPolygon' ? area : { type: 'MultiPolygon', coordinates: [area.coordinates] };

function stateOf(row: Pick<RestrictionRow, 'startAt' | 'endAt' | 'endedAt'>, now: Date) {
  if (row.endedAt || row.endAt <= now) return 'ended' as const;
  return row.startAt <= now ? ('active' as const) : ('scheduled' as const);
}

/** The restriction's 4D volume, in the deconfliction's terms. */
function volumeOf(row: { area: unknown; lowerM: number; upperM: number; startAt: Date; endAt: Date }) {
  return {
    areas: row.area as GeoMultiPolygon,
    minHeightM: row.lowerM,
    maxHeightM: row.upperM,
    startAt: row.startAt.getTime(),
    endAt: row.endAt.getTime(),
  };
}

/** The zone every map and the classification read while the restriction is published. */
function zoneOf(
  id: string,
  airspace: { name: string; authorityName: string | null },
  input: TemporaryRestrictionInput,
  area: MultiPolygon,
): Zone {
  const [lon, lat] = centroid(area as GeoMultiPolygon).geometry.coordinates as [number, number];
  const country = iso1A3Code([lon, lat]);
  if (!country) throw new AppError('UNSUPPORTED_AREA', 'The area lies in no country');
  return {
    identifier: `TR-${id.slice(0, 8).toUpperCase()}`,
    country,
    name: `${airspace.name} — ${input.reason}`.slice(0, 200),
    restriction: 'PROHIBITED',
    type: 'CUSTOMIZED',
    reasons: ['OTHER'],
    otherReasonInfo: input.reason,
    message: input.reason,
    restrictionConditions: [],
    zoneAuthorities: [{ name: airspace.authorityName ?? airspace.name, purpose: 'INFORMATION' }],
    applicability: [{ permanent: false, start: new Date(input.startAt).toISOString(), end: new Date(input.endAt).toISOString() }],
    volumes: [{ lowerM: input.lowerM, upperM: input.upperM, lowerReference: 'AGL', upperReference: 'AGL', geometry: area }],
  };
}

export interface TemporaryRestrictionsDeps {
  repository: TemporaryRestrictionsRepository;
  zones: Pick<ZonesService, 'catchUp'>;
  /** Re-classifies a stored mission against the zones as they now are, and stores the verdict. */
  refreshVerdict: (missionId: string) => Promise<MissionVerdict | null>;
  mailer: Mailer;
  push: PushClient;
  audit: AuditRepository;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /** Asks the job queue to re-check the missions now rather than at its next tick. */
  nudge: () => void;
}

/**
 * Temporary restrictions (docs/airspace-manager.md): a manager publishes a NOTAM-like prohibited zone in his
 * airspace, sees beforehand the missions it touches, and ends it early; the recheck job re-classifies those missions
 * off the request thread and tells their operators the new verdict.
 */
export function createTemporaryRestrictionsService(deps: TemporaryRestrictionsDeps) {
  const { repository, clock } = deps;

  const toContract = (row: RestrictionRow): TemporaryRestriction => ({
    id: row.id,
    airspaceId: row.airspaceId,
    airspaceName: row.airspace.name,
    reason: row.reason,
    area: row.area as unknown as MultiPolygon,
    lowerM: row.lowerM,
    upperM: row.upperM,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    state: stateOf(row, clock.now()),
    createdByName: row.createdBy ? `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
    recheckedAt: row.recheckedAt?.toISOString() ?? null,
  });

  /** The airspace, when the caller may publish in it: its managers and the administrators; another's is not found. */
  async function publishable(actor: AuthUser, airspaceId: string) {
    if (!isAdmin(actor) && !(await repository.managedIds(actor.id)).includes(airspaceId))
      throw new AppError('NOT_FOUND', 'Unknown airspace');
    const airspace = await repository.airspace(airspaceId);
    if (!airspace) throw new AppError('NOT_FOUND', 'Unknown airspace');
    return airspace;
  }

  /** The area as a MultiPolygon, refused when it leaves the airspace. */
  function insideArea(airspace: { geometry: unknown }, input: TemporaryRestrictionInput): MultiPolygon {
    const area = toMultiPolygon(input.area);
    const outline = airspace.geometry as AreaGeometry | null;
    const outside = outline
      ? difference(featureCollection([feature(area as GeoMultiPolygon), feature(outline as GeoMultiPolygon)]))
      : feature(area as GeoMultiPolygon);
    if (outside && areaM2(outside) > OUTSIDE_TOLERANCE_M2)
      throw new AppError('TEMPORARY_RESTRICTION_OUTSIDE_AIRSPACE', "The area must lie inside the airspace's outline", {
        fields: { area: ['validation:outsideAirspace'] },
      });
    return area;
  }

  /** The missions whose accepted or pending requests to the airspace meet the volume in area, heights and time. */
  async function affected(airspaceId: string, row: Parameters<typeof volumeOf>[0]): Promise<AffectedMission[]> {
    const volume = volumeOf(row);
    const candidates = await repository.candidates(airspaceId, bbox(volume.areas) as [number, number, number, number], row, [
      ...ACCEPTED_STATUSES,
      ...UNDER_ANALYSIS_STATUSES,
    ]);
    const seen = new Set<string>();
    const missions: AffectedMission[] = [];
    for (const candidate of candidates) {
      if (seen.has(candidate.missionId)) continue;
      const granted = grantedVolume(candidate.missionSnapshot, candidate.restrictions);
      if (!volumeOverlap(volume, granted)) continue;
      seen.add(candidate.missionId);
      missions.push({
        missionId: candidate.missionId,
        title: candidate.missionSnapshot.title,
        requestId: candidate.id,
        referenceNumber: candidate.referenceNumber,
        status: candidate.status,
        startAt: new Date(granted.startAt).toISOString(),
        endAt: new Date(granted.endAt).toISOString(),
      });
    }
    return missions;
  }

  const inputVolume = (input: TemporaryRestrictionInput, area: MultiPolygon) => ({
    area,
    lowerM: input.lowerM,
    upperM: input.upperM,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
  });

  /** Tells the operator by e-mail (the outbox by default) and on his push terminals. */
  async function tell(missionId: string, context: Omit<RestrictionMailContext, 'missionTitle' | 'link'>, verdict: MissionVerdict | null) {
    const mission = await repository.mission(missionId);
    if (!mission) return;
    const link = `${deps.publicUrl}/backoffice/preflights/edit/${mission.id}`;
    const message = restrictionEmail(mission.owner.lang, mission.owner.email, { ...context, missionTitle: mission.title, link }, verdict);
    await deps.mailer.send(message);
    for (const terminal of mission.owner.pushSubscriptions) {
      await deps.push.send({ endpoint: terminal.endpoint, keys: { p256dh: terminal.p256dh, auth: terminal.auth } }, mission.owner.email, {
        title: message.subject,
        body: message.text,
        url: `/backoffice/preflights/edit/${mission.id}`,
      });
    }
  }

  return {
    async list(actor: AuthUser): Promise<TemporaryRestriction[]> {
      const rows = await repository.list(readsAll(actor) ? null : await repository.managedIds(actor.id));
      return rows.map(toContract);
    },

    /** What publishing would touch: the accepted or pending missions of the airspace meeting the restriction. */
    async preview(actor: AuthUser, input: TemporaryRestrictionInput): Promise<TemporaryRestrictionPreview> {
      const airspace = await publishable(actor, input.airspaceId);
      const area = insideArea(airspace, input);
      return { missions: await affected(airspace.id, inputVolume(input, area)) };
    },

    async publish(actor: AuthUser, input: TemporaryRestrictionInput): Promise<TemporaryRestriction> {
      const airspace = await publishable(actor, input.airspaceId);
      const area = insideArea(airspace, input);
      const zone = zoneOf(crypto.randomUUID(), airspace, input, area);
      const { row, revision } = await repository.publish({
        airspaceId: airspace.id,
        createdById: actor.id,
        reason: input.reason,
        area,
        lowerM: input.lowerM,
        upperM: input.upperM,
        startAt: new Date(input.startAt),
        endAt: new Date(input.endAt),
        zone,
        bbox: bbox(area) as [number, number, number, number],
      });
      await deps.zones.catchUp(revision);
      await deps.audit.record({
        actorId: actor.id,
        action: 'temporaryRestriction.published',
        subjectType: 'airspace',
        subjectId: airspace.id,
        data: { restrictionId: row.id, lowerM: input.lowerM, upperM: input.upperM, startAt: input.startAt, endAt: input.endAt },
      });
      deps.nudge();
      return toContract(row);
    },

    /** Ends the restriction now: its zone is removed at once from maps and classifications. */
    async end(actor: AuthUser, id: string): Promise<TemporaryRestriction> {
      const existing = await repository.find(id);
      if (!existing) throw new AppError('NOT_FOUND', 'Unknown temporary restriction');
      await publishable(actor, existing.airspaceId);
      const ended = await repository.end(id, clock.now());
      if (!ended) throw new AppError('TEMPORARY_RESTRICTION_ENDED', 'The restriction has already ended');
      await deps.zones.catchUp(ended.revision);
      await deps.audit.record({
        actorId: actor.id,
        action: 'temporaryRestriction.ended',
        subjectType: 'airspace',
        subjectId: existing.airspaceId,
        data: { restrictionId: id },
      });
      return toContract(ended.row);
    },

    /** The job's sweep: each newly published restriction re-classifies the missions it touches and tells their operators. */
    async recheckDue(): Promise<void> {
      const due = await repository.toRecheck();
      if (due.length === 0) return;
      // The restrictions may have been published on another instance: the index must hold their zones first.
      await deps.zones.catchUp(await repository.revision());
      for (const row of due) {
        const missions = await affected(row.airspaceId, row);
        for (const mission of missions) {
          const verdict = await deps.refreshVerdict(mission.missionId);
          await tell(
            mission.missionId,
            {
              referenceNumber: mission.referenceNumber,
              airspaceName: row.airspace.name,
              reason: row.reason,
              lowerM: row.lowerM,
              upperM: row.upperM,
              startAt: row.startAt,
              endAt: row.endAt,
            },
            verdict,
          );
        }
        await repository.markRechecked(row.id, clock.now());
        deps.logger.info({ restrictionId: row.id, missions: missions.length }, 'temporary restriction re-checked');
      }
    },
  };
}

export type TemporaryRestrictionsService = ReturnType<typeof createTemporaryRestrictionsService>;
