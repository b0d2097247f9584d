import type { MachineDetail, MachineSummary } from '../../../src/shared/contracts/machines';
import type { MachineWithModel } from './machines.repository';

export function toMachineSummary(row: MachineWithModel): MachineSummary {
  return {
    id: row.id,
    internalName: row.internalName,
    serialNumber: row.serialNumber,
    remoteIdentificationNumber: row.remoteIdentificationNumber,
    registrationNumber: row.registrationNumber,
    classes: row.classes,
    droneModel: row.droneModel,
    massGrams: row.massGrams,
    alphaTangoSyncState: row.alphaTangoSyncState,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMachineDetail(row: MachineWithModel): MachineDetail {
  return {
    ...toMachineSummary(row),
    ownerId: row.userId,
    parachute: row.parachute,
    security: row.security,
    equipments: {
      camera: row.equipmentCamera,
      barometricSensor: row.equipmentBarometricSensor,
      forcedLandingDevice: row.equipmentForcedLandingDevice,
      lightOrSoundIdentification: row.equipmentLightOrSoundIdentification,
      parachutes: row.equipmentParachutes,
      circuitBreakers: row.equipmentCircuitBreakers,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}
