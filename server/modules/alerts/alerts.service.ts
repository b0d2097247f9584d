import { bbox, booleanIntersects } from '@turf/turf';
import Papa from 'papaparse';
import {
  ALERTS_AROUND_MAX,
  VIOLATION_EXPORT_MAX,
  VIOLATION_TRACK_MAX,
  type AlertAround,
  type AlertGeometry,
  type AlertInput,
  type AlertListQuery,
  type ViolationListQuery,
  type ViolationTrack,
} from '../../../src/shared/contracts/alerts';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import { toAlertDetail, toAlertSummary, toViolation } from './alerts.mapper';
import type { AlertsRepository, ViolationScope } from './alerts.repository';

/**
 * Every episode for VIOLATION_LIST_ADMIN; those of his airspaces' flights for a manager (docs/airspace-manager.md);
 * anyone else's own flights: an operator's missions and traffic, a supervised pilot's flown missions (docs/alerts.md).
 */
const readerScope = (actor: AuthUser): ViolationScope =>
  actor.rights.has('VIOLATION_LIST_ADMIN')
    ? null
    : actor.rights.has('PREFLIGHTPROCEDURE_LIST')
      ? { managerId: actor.id }
      : { accountId: actor.id, owner: !actor.rights.has('SUPERVISION_PILOT') };

/** How many displayed alerts `around` reads at most before testing their extent (alerts are drawn by hand: few). */
const ALERTS_AROUND_SCAN = 5_000;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

export function createAlertsService({ repository, audit }: { repository: AlertsRepository; audit: AuditRepository }) {
  async function findAlert(id: string) {
    const alert = await repository.find(id);
    if (!alert) throw new AppError('NOT_FOUND', 'Unknown alert');
    return alert;
  }

  async function checkLinkedUsers(input: AlertInput) {
    if ((await repository.countUsers(input.linkedUserIds)) !== input.linkedUserIds.length) {
      throw invalid('linkedUserIds', 'validation:invalidValue');
    }
  }

  const record = (actor: AuthUser, action: string, id: string, data?: { violations: number }) =>
    audit.record({ actorId: actor.id, action, subjectType: 'alert', subjectId: id, data });

  return {
    async list(query: AlertListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toAlertSummary), total, page: query.page, pageSize: query.pageSize };
    },
    async get(id: string) {
      return toAlertDetail(await findAlert(id));
    },
    async create(actor: AuthUser, input: AlertInput) {
      await checkLinkedUsers(input);
      const alert = await repository.create(input);
      await record(actor, 'alert.created', alert.id);
      return toAlertDetail(alert);
    },
    async update(actor: AuthUser, id: string, input: AlertInput) {
      await findAlert(id);
      await checkLinkedUsers(input);
      const alert = await repository.update(id, input);
      await record(actor, 'alert.updated', alert.id);
      return toAlertDetail(alert);
    },
    async remove(actor: AuthUser, id: string) {
      const alert = await findAlert(id);
      await repository.remove(id);
      await record(actor, 'alert.deleted', id, { violations: alert._count.violations });
    },
    /** The displayed alerts around a box, for a pilot's map (docs/alerts.md "Alerts around a flight"). */
    async around(actor: AuthUser, [west, south, east, north]: readonly [number, number, number, number]): Promise<AlertAround[]> {
      const rows = await repository.displayedFor(actor.id, ALERTS_AROUND_SCAN);
      const around: AlertAround[] = [];
      for (const row of rows) {
        const geometry = row.geometry as AlertGeometry;
        const [minLon, minLat, maxLon, maxLat] = bbox(geometry);
        if (minLon > east || maxLon < west || minLat > north || maxLat < south) continue;
        around.push({ ...row, geometry });
        if (around.length === ALERTS_AROUND_MAX) break;
      }
      return around;
    },
    /** The names of the displayed alerts the reader sees whose area touches the areas (the take-off check, docs/flight.md). */
    async touching(readerId: string, areas: MissionAreas): Promise<string[]> {
      const rows = await repository.displayedFor(readerId, ALERTS_AROUND_SCAN);
      return rows.filter((row) => booleanIntersects(row.geometry as AlertGeometry, areas)).map((row) => row.name);
    },
    async violations(actor: AuthUser, query: ViolationListQuery) {
      const page = { skip: (query.page - 1) * query.pageSize, take: query.pageSize };
      const { items, total } = await repository.violations(query, readerScope(actor), page);
      return { items: items.map(toViolation), total, page: query.page, pageSize: query.pageSize };
    },
    async violation(actor: AuthUser, id: string) {
      const row = await repository.findViolation(id, readerScope(actor));
      if (!row) throw new AppError('NOT_FOUND', 'Unknown violation');
      return toViolation(row);
    },
    /** One episode for its map: the positions it lasted and the area it is about (docs/alerts.md "Violations"). */
    async violationTrack(actor: AuthUser, id: string): Promise<ViolationTrack> {
      const row = await repository.findViolation(id, readerScope(actor));
      if (!row) throw new AppError('NOT_FOUND', 'Unknown violation');
      const [positions, area] = await Promise.all([
        repository.episodePositions(row, VIOLATION_TRACK_MAX + 1),
        row.alertId
          ? repository.alertArea(row.alertId, actor.id, actor.rights.has('ALERT_LIST_ADMIN')).then((alert) => alert?.geometry ?? null)
          : row.missionId
            ? repository.missionAreas(row.missionId).then((mission) => mission?.areas ?? null)
            : null,
      ]);
      return {
        positions: positions.slice(0, VIOLATION_TRACK_MAX).map((position) => ({
          time: position.time.toISOString(),
          latitude: position.lat,
          longitude: position.lon,
          heightM: position.heightM,
        })),
        truncated: positions.length > VIOLATION_TRACK_MAX,
        area: (area as ViolationTrack['area'] | null) ?? null,
      };
    },
    /** The filtered episodes as CSV, one line each, at most VIOLATION_EXPORT_MAX (the newest by the list's sort). */
    async violationsCsv(actor: AuthUser, query: ViolationListQuery) {
      const { items } = await repository.violations(query, readerScope(actor), { skip: 0, take: VIOLATION_EXPORT_MAX });
      return Papa.unparse(
        {
          fields: [
            'started_at',
            'ended_at',
            'ident',
            'source',
            'alert',
            'alert_type_or_rule',
            'mission',
            'requests',
            'worst_m',
            'positions',
            'last_lat',
            'last_lon',
            'last_height_m',
          ],
          data: items
            .map(toViolation)
            .map((violation) => [
              violation.startedAt,
              violation.endedAt ?? '',
              violation.ident,
              violation.source,
              violation.alert?.name ?? '',
              violation.alert?.type ?? violation.rule ?? '',
              violation.mission?.title ?? '',
              violation.mission?.references.join('; ') ?? '',
              violation.worstValue ?? '',
              violation.positionCount,
              violation.latitude,
              violation.longitude,
              violation.heightM ?? '',
            ]),
        },
        { escapeFormulae: true },
      );
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
