import type { Device, DeviceListQuery } from '../../../src/shared/contracts/devices';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { DevicesRepository, DeviceWithOwner } from './devices.repository';

function toDevice(row: DeviceWithOwner): Device {
  return { id: row.id, appIdentifier: row.appIdentifier, owner: row.owner, createdAt: row.createdAt.toISOString() };
}

/**
 * A terminal belongs to its user: the user lists and forgets its own; administrators list every one (USER_LIST_ADMIN,
 * USER_EDIT_ADMIN) and edit or forget any (USER_EDIT_ADMIN). Another user's terminal answers 404, like a missing one. The
 * spec's e-mail-domain rule (shell §2) only decides who sees the menu entry (src/app/navigation.ts).
 */
export function createDevicesService(deps: { repository: DevicesRepository; audit: AuditRepository }) {
  const { repository, audit } = deps;
  const listsAll = (actor: AuthUser) => actor.rights.has('USER_LIST_ADMIN') || actor.rights.has('USER_EDIT_ADMIN');
  /** An own terminal, or any with USER_EDIT_ADMIN; another user's answers 404, like a missing one. */
  async function reachable(actor: AuthUser, id: string) {
    const device = await repository.find(id);
    if (!device || (device.owner.id !== actor.id && !actor.rights.has('USER_EDIT_ADMIN')))
      throw new AppError('NOT_FOUND', 'Unknown device');
    return device;
  }

  return {
    async list(actor: AuthUser, query: DeviceListQuery) {
      const { items, total } = await repository.list(listsAll(actor) ? query : { ...query, ownerId: actor.id });
      return { items: items.map(toDevice), total, page: query.page, pageSize: query.pageSize };
    },
    async register(actor: AuthUser, appIdentifier: string) {
      const { device, created } = await repository.register(actor.id, appIdentifier);
      if (device.owner.id !== actor.id) throw new AppError('DEVICE_TAKEN', 'This terminal is registered to another account');
      if (created) await audit.record({ actorId: actor.id, action: 'device.registered', subjectType: 'device', subjectId: device.id });
      return toDevice(device);
    },
    /** The form's edit: a new identifier for the terminal (its owner stays); one another terminal holds is refused. */
    async update(actor: AuthUser, id: string, appIdentifier: string) {
      const device = await reachable(actor, id);
      const holder = await repository.findByIdentifier(appIdentifier);
      if (holder && holder.id !== device.id) throw new AppError('DEVICE_TAKEN', 'This terminal is registered to another account');
      const renamed = await repository.rename(device.id, appIdentifier);
      await audit.record({ actorId: actor.id, action: 'device.updated', subjectType: 'device', subjectId: id });
      return toDevice(renamed);
    },
    async remove(actor: AuthUser, id: string) {
      await reachable(actor, id);
      await repository.remove(id);
      await audit.record({ actorId: actor.id, action: 'device.deleted', subjectType: 'device', subjectId: id });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
