import {
  remoteIdentificationIssue,
  type MachineCreate,
  type MachineDetail,
  type MachineListQuery,
} from '../../../src/shared/contracts/machines';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { DroneModelsRepository } from '../drone-models/drone-models.repository';
import { isUsableBy } from '../drone-models/drone-models.service';
import { checkDeletedAccess, type RecordOwners, type RecordScope } from '../users/record-owner';
import { toMachineDetail, toMachineSummary } from './machines.mapper';
import type { MachinesRepository, MachineWithModel } from './machines.repository';

export interface MachinesServiceDeps {
  repository: MachinesRepository;
  droneModels: Pick<DroneModelsRepository, 'find'>;
  owners: RecordOwners;
  audit: AuditRepository;
  clock: Clock;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

export function createMachinesService(deps: MachinesServiceDeps) {
  const { repository, droneModels, owners, audit, clock } = deps;

  /** Another operator's machine answers 404 like a missing one; a deleted machine exists only for those who may list deleted machines. */
  async function findMachine(actor: AuthUser, scope: RecordScope, id: string, options: { includeDeleted: boolean }) {
    const machine = await repository.find(await owners.ownerId(actor, scope), id);
    if (!machine || (machine.deletedAt && !options.includeDeleted)) throw new AppError('NOT_FOUND', 'Unknown machine');
    return machine;
  }

  /**
   * The model must be one the owner may use; a machine already on a model that was deleted since keeps it.
   * The DJI remote identification rule needs the model's brand, so it is checked here rather than in the contract.
   */
  async function checkInput(ownerId: string, input: MachineCreate, current?: MachineWithModel) {
    const model = input.droneModelId ? await droneModels.find(input.droneModelId) : null;
    if (input.droneModelId && (!model || (!isUsableBy(model, ownerId) && model.id !== current?.droneModelId))) {
      throw invalid('droneModelId', 'validation:invalidValue');
    }
    const issue = remoteIdentificationIssue(input.remoteIdentificationNumber, model?.remoteIdRule ?? model?.brand);
    if (issue) throw invalid('remoteIdentificationNumber', issue);
    await checkSerialNumber(ownerId, input.serialNumber, current?.id);
  }

  /** A serial number names one machine of an operator: a second current machine with it is refused (409). */
  async function checkSerialNumber(ownerId: string, serialNumber: string, exceptId?: string) {
    if (await repository.serialNumberTaken(ownerId, serialNumber, exceptId)) {
      throw new AppError('MACHINE_SERIAL_NUMBER_TAKEN', 'Another machine of this operator has this serial number', {
        fields: { serialNumber: ['validation:serialNumberTaken'] },
      });
    }
  }

  function record(actor: AuthUser, action: string, machine: MachineWithModel) {
    return audit.record({ actorId: actor.id, action, subjectType: 'machine', subjectId: machine.id, data: { ownerId: machine.userId } });
  }

  return {
    async list(actor: AuthUser, scope: RecordScope, query: MachineListQuery) {
      checkDeletedAccess(actor, query.deleted, 'MACHINE_LIST_DELETED_ADMIN');
      const { items, total } = await repository.list(await owners.ownerId(actor, scope), query);
      return { items: items.map(toMachineSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: AuthUser, scope: RecordScope, id: string): Promise<MachineDetail> {
      return toMachineDetail(await findMachine(actor, scope, id, { includeDeleted: actor.rights.has('MACHINE_LIST_DELETED_ADMIN') }));
    },

    async create(actor: AuthUser, scope: RecordScope, input: MachineCreate): Promise<MachineDetail> {
      const ownerId = await owners.ownerId(actor, scope);
      await checkInput(ownerId, input);
      const machine = await repository.create(ownerId, input);
      await record(actor, 'machine.created', machine);
      return toMachineDetail(machine);
    },

    async update(actor: AuthUser, scope: RecordScope, id: string, input: MachineCreate): Promise<MachineDetail> {
      const machine = await findMachine(actor, scope, id, { includeDeleted: false });
      await checkInput(machine.userId, input, machine);
      const updated = await repository.update(machine.id, input);
      await record(actor, 'machine.updated', updated);
      return toMachineDetail(updated);
    },

    async remove(actor: AuthUser, scope: RecordScope, id: string) {
      const machine = await findMachine(actor, scope, id, { includeDeleted: false });
      await record(actor, 'machine.deleted', await repository.setDeletedAt(machine.id, clock.now()));
    },

    async restore(actor: AuthUser, userId: string, id: string): Promise<MachineDetail> {
      const machine = await findMachine(actor, { kind: 'user', userId }, id, { includeDeleted: true });
      if (!machine.deletedAt) throw new AppError('NOT_FOUND', 'The machine is not deleted');
      await checkSerialNumber(machine.userId, machine.serialNumber, machine.id);
      const restored = await repository.setDeletedAt(machine.id, null);
      await record(actor, 'machine.restored', restored);
      return toMachineDetail(restored);
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
