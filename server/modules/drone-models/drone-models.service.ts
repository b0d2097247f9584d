import type { DroneModelCreate, DroneModelDetail, DroneModelListQuery, DroneModelUpdate } from '../../../src/shared/contracts/drone-models';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { RecordOwners } from '../users/record-owner';
import { toDroneModelDetail, toDroneModelSummary } from './drone-models.mapper';
import type { DroneModelRow, DroneModelsRepository } from './drone-models.repository';

export interface DroneModelsServiceDeps {
  repository: DroneModelsRepository;
  owners: RecordOwners;
  audit: AuditRepository;
  clock: Clock;
}

const seesEveryModel = (actor: AuthUser) => actor.rights.has('DRONEMODEL_LIST_ADMIN') || actor.rights.has('DRONEMODEL_EDIT_ADMIN');

/** A model a machine of `ownerId` may reference: the shared catalogue or that owner's personal models. */
export const isUsableBy = (model: DroneModelRow, ownerId: string) =>
  model.deletedAt === null && (!model.personal || model.ownerId === ownerId);

export function createDroneModelsService(deps: DroneModelsServiceDeps) {
  const { repository, owners, audit, clock } = deps;

  /** Personal models belong to the operator: a supervised pilot account shares its operator's. */
  const ownerOf = (actor: AuthUser) => owners.ownerId(actor, { kind: 'own' });

  /** Someone else's personal model answers 404 like a missing one. */
  async function findVisible(actor: AuthUser, id: string) {
    const model = await repository.find(id);
    if (!model || model.deletedAt) throw new AppError('NOT_FOUND', 'Unknown drone model');
    if (model.personal && !seesEveryModel(actor) && model.ownerId !== (await ownerOf(actor)))
      throw new AppError('NOT_FOUND', 'Unknown drone model');
    return model;
  }

  /** The shared catalogue is the administrators'; a personal model is its owner's. */
  async function findEditable(actor: AuthUser, id: string) {
    const model = await findVisible(actor, id);
    const ownsIt = model.personal && model.ownerId === (await ownerOf(actor));
    if (!ownsIt && !actor.rights.has('DRONEMODEL_EDIT_ADMIN'))
      throw new AppError('NOT_ALLOWED', 'Only administrators edit the shared drone models');
    return model;
  }

  const record = (actor: AuthUser, action: string, model: DroneModelRow) =>
    audit.record({ actorId: actor.id, action, subjectType: 'droneModel', subjectId: model.id });

  return {
    async list(actor: AuthUser, query: DroneModelListQuery) {
      const { items, total } = await repository.list(seesEveryModel(actor) ? null : await ownerOf(actor), query);
      return { items: items.map(toDroneModelSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: AuthUser, id: string): Promise<DroneModelDetail> {
      return toDroneModelDetail(await findVisible(actor, id));
    },

    async create(actor: AuthUser, input: DroneModelCreate): Promise<DroneModelDetail> {
      if (!input.personal && !actor.rights.has('DRONEMODEL_EDIT_ADMIN')) {
        throw new AppError('NOT_ALLOWED', 'Only administrators add to the shared drone models; declare a personal model instead');
      }
      const model = await repository.create(input, input.personal ? await ownerOf(actor) : null);
      await record(actor, 'droneModel.created', model);
      return toDroneModelDetail(model);
    },

    async update(actor: AuthUser, id: string, input: DroneModelUpdate): Promise<DroneModelDetail> {
      const model = await findEditable(actor, id);
      const updated = await repository.update(model.id, input);
      await record(actor, 'droneModel.updated', updated);
      return toDroneModelDetail(updated);
    },

    /** Soft: machines keep pointing at the model they were declared with. */
    async remove(actor: AuthUser, id: string) {
      const model = await findEditable(actor, id);
      await record(actor, 'droneModel.deleted', await repository.softDelete(model.id, clock.now()));
    },
  };
}

export type DroneModelsService = ReturnType<typeof createDroneModelsService>;
