import type { DroneModelDetail, DroneModelSummary } from '../../../src/shared/contracts/drone-models';
import type { DroneModelRow } from './drone-models.repository';

// Decimal(4,3) read back as text with its three decimals, the format the form validates.
const frequency = (value: DroneModelRow['frequencyMinGHz']) => (value === null ? null : value.toFixed(3));

export function toDroneModelSummary(row: DroneModelRow): DroneModelSummary {
  return {
    id: row.id,
    brand: row.brand,
    name: row.name,
    personal: row.personal,
    materials: row.materials,
    frequencyMinGHz: frequency(row.frequencyMinGHz),
    frequencyMaxGHz: frequency(row.frequencyMaxGHz),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDroneModelDetail(row: DroneModelRow): DroneModelDetail {
  return {
    ...toDroneModelSummary(row),
    ownerId: row.ownerId,
    representation: row.representation,
    marketingDate: row.marketingDate ? row.marketingDate.toISOString().slice(0, 10) : null,
    geoAwarenessSystem: row.geoAwarenessSystem,
    expectedPerformances: row.expectedPerformances,
    engineType: row.engineType,
    propellerType: row.propellerType,
    remoteControlBrand: row.remoteControlBrand,
    alphaTangoMachineNumber: row.alphaTangoMachineNumber,
    massGrams: row.massGrams,
    classMark: row.classMark,
    remoteIdRule: row.remoteIdRule,
    updatedAt: row.updatedAt.toISOString(),
  };
}
