import type { PilotCreate, PilotDetail, PilotListQuery, PilotSummary, PilotUpdate } from '../../../src/shared/contracts/pilots';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { SignUp } from '../auth/sign-up';
import { checkDeletedAccess, type RecordOwners, type RecordScope } from '../users/record-owner';
import type { UsersRepository } from '../users/users.repository';
import { toPilotDetail, toPilotSummary } from './pilots.mapper';
import type { PilotsRepository, PilotWithDocuments } from './pilots.repository';

export interface PilotsServiceDeps {
  repository: PilotsRepository;
  owners: RecordOwners;
  audit: AuditRepository;
  clock: Clock;
  users: Pick<UsersRepository, 'findOwner'>;
  accounts: Pick<SignUp, 'createSupervisedAccount'>;
}

export function createPilotsService(deps: PilotsServiceDeps) {
  const { repository, owners, audit, clock, users, accounts } = deps;

  /**
   * Another operator's pilot answers 404 like a missing one, so that ids cannot be probed; a deleted pilot
   * exists only for those who may list deleted pilots.
   */
  async function findPilot(actor: AuthUser, scope: RecordScope, id: string, options: { includeDeleted: boolean }) {
    const ownerId = await owners.ownerId(actor, scope);
    const pilot = await repository.find(ownerId, id);
    if (!pilot || (pilot.deletedAt && !options.includeDeleted)) throw new AppError('NOT_FOUND', 'Unknown pilot');
    return pilot;
  }

  /** A document's file must be an attachment of this very pilot: a new pilot has none yet, its files come after. */
  async function checkAttachments(pilotId: string | null, input: PilotCreate) {
    const linked = input.documents.flatMap((d, index) => (d.attachmentId ? [{ id: d.attachmentId, index }] : []));
    if (linked.length === 0) return;
    const owned = pilotId ? await repository.attachmentIds(pilotId) : new Set<string>();
    const fields: Record<string, string[]> = {};
    for (const { id, index } of linked) if (!owned.has(id)) fields[`documents.${index}.attachmentId`] = ['validation:invalidValue'];
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields });
  }

  function record(actor: AuthUser, action: string, pilot: PilotWithDocuments) {
    return audit.record({ actorId: actor.id, action, subjectType: 'pilot', subjectId: pilot.id, data: { ownerId: pilot.userId } });
  }

  return {
    findPilot,

    async list(actor: AuthUser, scope: RecordScope, query: PilotListQuery) {
      checkDeletedAccess(actor, query.deleted, 'PILOT_LIST_DELETED_ADMIN');
      const { items, total } = await repository.list(await owners.ownerId(actor, scope), query);
      return { items: items.map(toPilotSummary) satisfies PilotSummary[], total, page: query.page, pageSize: query.pageSize };
    },

    /** Without PILOT_LIST, a supervised pilot account reads its own pilot record only (its 'my account' page). */
    async get(actor: AuthUser, scope: RecordScope, id: string): Promise<PilotDetail> {
      const pilot = await findPilot(actor, scope, id, { includeDeleted: actor.rights.has('PILOT_LIST_DELETED_ADMIN') });
      if (!actor.rights.has('PILOT_LIST') && scope.kind === 'own' && pilot.supervisedUserId !== actor.id)
        throw new AppError('NOT_FOUND', 'Unknown pilot');
      return toPilotDetail(pilot);
    },

    async create(actor: AuthUser, scope: RecordScope, input: PilotCreate): Promise<PilotDetail> {
      await checkAttachments(null, input);
      const pilot = await repository.create(await owners.ownerId(actor, scope), input);
      await record(actor, 'pilot.created', pilot);
      return toPilotDetail(pilot);
    },

    async update(actor: AuthUser, scope: RecordScope, id: string, input: PilotUpdate): Promise<PilotDetail> {
      const pilot = await findPilot(actor, scope, id, { includeDeleted: false });
      await checkAttachments(pilot.id, input);
      const updated = await repository.update(pilot.id, input);
      await record(actor, 'pilot.updated', updated);
      return toPilotDetail(updated);
    },

    async remove(actor: AuthUser, scope: RecordScope, id: string) {
      const pilot = await findPilot(actor, scope, id, { includeDeleted: false });
      await record(actor, 'pilot.deleted', await repository.setDeletedAt(pilot, clock.now()));
    },

    /** Spec domain §5: no account when the pilot is the operator (same e-mail), nor when the e-mail has one already. */
    async enableSupervision(actor: AuthUser, scope: RecordScope, id: string): Promise<PilotDetail> {
      const pilot = await findPilot(actor, scope, id, { includeDeleted: false });
      if (pilot.supervisedUserId) throw new AppError('SUPERVISION_ALREADY_ENABLED', 'This pilot already has a supervised account');
      const operator = await users.findOwner(pilot.userId);
      if (!operator) throw new AppError('NOT_FOUND', 'Unknown operator');
      if (operator.email.toLowerCase() === pilot.email.toLowerCase()) {
        throw new AppError('SUPERVISION_NOT_NEEDED', "The pilot uses the operator's e-mail: no supervision account is needed");
      }
      await accounts.createSupervisedAccount({
        pilotId: pilot.id,
        parentId: operator.id,
        email: pilot.email.toLowerCase(),
        firstName: pilot.firstName,
        lastName: pilot.lastName,
        phoneNumber: pilot.phone,
        lang: operator.lang,
      });
      return toPilotDetail(await findPilot(actor, scope, id, { includeDeleted: false }));
    },

    async restore(actor: AuthUser, userId: string, id: string): Promise<PilotDetail> {
      const pilot = await findPilot(actor, { kind: 'user', userId }, id, { includeDeleted: true });
      if (!pilot.deletedAt) throw new AppError('NOT_FOUND', 'The pilot is not deleted');
      const restored = await repository.setDeletedAt(pilot, null);
      await record(actor, 'pilot.restored', restored);
      return toPilotDetail(restored);
    },
  };
}

export type PilotsService = ReturnType<typeof createPilotsService>;
