import type { MultiPolygon } from 'geojson';
import {
  boundingBoxOf,
  type AirspaceDetail,
  type AirspaceInput,
  type AirspaceListQuery,
  type AirspaceSummary,
  type MyAirspaceInput,
  VIOLATION_CHANNELS,
  type ViolationChannel,
} from '../../../src/shared/contracts/airspaces';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { AirspaceRow, AirspacesRepository } from './airspaces.repository';

const toAirspaceSummary = (row: AirspaceRow): AirspaceSummary => ({
  id: row.id,
  name: row.name,
  internalCode: row.internalCode,
  authorityName: row.authorityName,
  visibleToOperators: row.visibleToOperators,
  activationTrigger: row.activationTrigger,
  hasGeometry: row.geometry !== null,
  managers: row.managers,
  createdAt: row.createdAt.toISOString(),
});

function toAirspaceDetail(row: AirspaceRow): AirspaceDetail {
  const hasBox = row.minLon !== null && row.minLat !== null && row.maxLon !== null && row.maxLat !== null;
  return {
    ...toAirspaceSummary(row),
    zoneCodes: row.zoneCodes,
    mailingList: row.mailingList,
    copyToManagers: row.copyToManagers,
    minNoticeDays: row.minNoticeDays,
    maxNoticeDays: row.maxNoticeDays,
    maxDurationHours: row.maxDurationHours,
    maxPolygons: row.maxPolygons,
    maxAreaKm2: row.maxAreaKm2,
    maxAreaPerPolygonKm2: row.maxAreaPerPolygonKm2,
    maxExtentKm: row.maxExtentKm,
    autoRejectDelayHours: row.autoRejectDelayHours,
    description: row.description,
    news: row.news,
    generalConditions: row.generalConditions,
    permanentConditions: row.permanentConditions,
    twrPhoneNumber: row.twrPhoneNumber,
    forwardingEmails: row.forwardingEmails,
    violationChannels: row.violationChannels.filter((channel): channel is ViolationChannel =>
      (VIOLATION_CHANNELS as readonly string[]).includes(channel),
    ),
    activationMinDelayHours: row.activationMinDelayHours,
    activationMaxDelayHours: row.activationMaxDelayHours,
    activationAutoRejectDelayHours: row.activationAutoRejectDelayHours,
    activationMaxDurationHours: row.activationMaxDurationHours,
    geometry: row.geometry as unknown as MultiPolygon | null,
    bbox: hasBox ? { minLon: row.minLon!, minLat: row.minLat!, maxLon: row.maxLon!, maxLat: row.maxLat! } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createAirspacesService(deps: { repository: AirspacesRepository; audit: AuditRepository }) {
  const { repository, audit } = deps;

  async function find(id: string) {
    const airspace = await repository.find(id);
    if (!airspace) throw new AppError('NOT_FOUND', 'Unknown airspace');
    return airspace;
  }

  async function check(input: AirspaceInput, id?: string) {
    const sameCode = await repository.findByCode(input.internalCode);
    if (sameCode && sameCode.id !== id)
      throw new AppError('AIRSPACE_CODE_TAKEN', 'Another airspace has this internal code', {
        fields: { internalCode: ['validation:codeTaken'] },
      });
    if ((await repository.countManagers(input.managerIds)) !== input.managerIds.length)
      throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { managerIds: ['validation:notAManager'] } });
  }

  const record = (actor: AuthUser, action: string, subjectId: string, data?: Record<string, string>) =>
    audit.record({ actorId: actor.id, action, subjectType: 'airspace', subjectId, data });

  return {
    async list(query: AirspaceListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toAirspaceSummary), total, page: query.page, pageSize: query.pageSize };
    },
    async get(id: string) {
      return toAirspaceDetail(await find(id));
    },
    managerCandidates(search: string | undefined) {
      return repository.managerCandidates(search);
    },
    async create(actor: AuthUser, input: AirspaceInput) {
      await check(input);
      const airspace = await repository.create(input, input.geometry ? boundingBoxOf(input.geometry) : null);
      await record(actor, 'airspace.created', airspace.id);
      return toAirspaceDetail(airspace);
    },
    async update(actor: AuthUser, id: string, input: AirspaceInput) {
      await find(id);
      await check(input, id);
      const airspace = await repository.update(id, input, input.geometry ? boundingBoxOf(input.geometry) : null);
      await record(actor, 'airspace.updated', id);
      return toAirspaceDetail(airspace);
    },
    async remove(actor: AuthUser, id: string) {
      const airspace = await find(id);
      // Requests keep their airspace for the history of operators and managers; hiding it (visibleToOperators) remains.
      if ((await repository.requestCount(id)) > 0) {
        throw new AppError('AIRSPACE_HAS_REQUESTS', 'The airspace has permission requests and cannot be deleted');
      }
      await repository.remove(id);
      await record(actor, 'airspace.deleted', id, { internalCode: airspace.internalCode });
    },

    /** The airspaces the signed-in manager manages ("my airspace"). */
    async mine(actor: AuthUser) {
      return (await repository.listManaged(actor.id)).map(toAirspaceDetail);
    },
    /** Another manager's airspace answers 404, like a missing one: the id is not confirmed. */
    async updateMine(actor: AuthUser, id: string, input: MyAirspaceInput) {
      if (!(await repository.findManaged(id, actor.id))) throw new AppError('NOT_FOUND', 'Unknown airspace');
      const airspace = await repository.updateByManager(id, input);
      await record(actor, 'airspace.updatedByManager', id);
      return toAirspaceDetail(airspace);
    },
  };
}

export type AirspacesService = ReturnType<typeof createAirspacesService>;
