import type { Device, DeviceListQuery } from '../../../src/shared/contracts/devices';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { DevicesRepository, DeviceWithOwner } from './devices.repository';

function toDevice(row: DeviceWithOwner): Device {
  return { id: row.id, appIdentifier: row.appIdentifier, owner: row.owner, createdAt: row.createdAt.toISOString() };
}

/** Spec shell §2: the devices screen belongs to the company's own staff, known by their e-mail domain. */
export function isDeviceStaff(email: string, domain: string) {
  return email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

export function createDevicesService(deps: { repository: DevicesRepository; audit: AuditRepository; emailDomain: string }) {
  const { repository, audit, emailDomain } = deps;
  const checkStaff = (actor: AuthUser) => {
    if (!isDeviceStaff(actor.email, emailDomain)) throw new AppError('NOT_ALLOWED', 'Devices are managed by the company staff');
  };

  return {
    async list(actor: AuthUser, query: DeviceListQuery) {
      checkStaff(actor);
      const { items, total } = await repository.list(query);
      return { items: items.map(toDevice), total, page: query.page, pageSize: query.pageSize };
    },
    async register(actor: AuthUser, appIdentifier: string) {
      const device = await repository.register(actor.id, appIdentifier);
      await audit.record({ actorId: actor.id, action: 'device.registered', subjectType: 'device', subjectId: device.id });
      return toDevice(device);
    },
    async remove(actor: AuthUser, id: string) {
      checkStaff(actor);
      if (!(await repository.find(id))) throw new AppError('NOT_FOUND', 'Unknown device');
      await repository.remove(id);
      await audit.record({ actorId: actor.id, action: 'device.deleted', subjectType: 'device', subjectId: id });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
