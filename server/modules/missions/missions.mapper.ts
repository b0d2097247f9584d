import type { MissionDetail, MissionHistoryEntry, MissionSummary, MissionAreas } from '../../../src/shared/contracts/missions';
import { allowedActions } from '../../../src/shared/domain/mission-status';
import type { MissionVerdict } from '../../../src/shared/contracts/regulation';
import type { MissionHistoryRow, MissionRow, MissionSummaryRow } from './missions.repository';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The stored source strings, read back as the contract's values. */
export const altitudeSourceOf = (value: string | null) => (value === 'operator' || value === 'terrain' ? value : null);
export const groundSourceOf = (value: string | null) => (value === 'operator' || value === 'terrain' ? value : null);

export function toMissionSummary(row: MissionSummaryRow): MissionSummary {
  return {
    id: row.id,
    ownerId: row.userId,
    title: row.title,
    status: row.status,
    referentPilot: row.referentPilot,
    mainMachine: row.mainMachine,
    maxHeightM: row.maxHeightM,
    areaKm2: row.areaKm2,
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    country: row.country,
    allowedActions: allowedActions(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMissionDetail(row: MissionRow, fieldsLocked = false): MissionDetail {
  return {
    ...toMissionSummary(row),
    fieldsLocked,
    additionalPilots: row.additionalPilots,
    additionalMachines: row.additionalMachines,
    minHeightM: row.minHeightM,
    maxAltitudeFt: row.maxAltitudeFt,
    maxAltitudeSource: altitudeSourceOf(row.maxAltitudeSource),
    groundElevationM: row.groundElevationM,
    groundElevationSource: groundSourceOf(row.groundElevationSource),
    maximumDurationMin: row.maximumDurationMin,
    totalFlightTimeMin: row.totalFlightTimeMin,
    description: row.description,
    camerawork: row.camerawork,
    areas: (row.areas as MissionAreas | null) ?? null,
    waypoints: (row.waypoints as MissionDetail['waypoints']) ?? null,
    contextMarkers: (row.contextMarkers as MissionDetail['contextMarkers']) ?? [],
    safetyZones: (row.safetyZones as MissionDetail['safetyZones']) ?? null,
    constraints: (row.constraints as MissionDetail['constraints']) ?? null,
    scenario: row.scenario,
    lastVerdict: (row.lastVerdict as MissionVerdict | null) ?? null,
    lastVerdictAt: iso(row.lastVerdictAt),
    requestDate: row.requestDate ? row.requestDate.toISOString().slice(0, 10) : null,
    teleServiceNumber: row.teleServiceNumber,
    orderingParty: row.orderingParty,
    additionalRequirements: row.additionalRequirements,
    duplicatedFromId: row.duplicatedFromId,
  };
}

export function toMissionHistoryEntry(row: MissionHistoryRow): MissionHistoryEntry {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    action: row.action,
    actorId: row.actorId,
    reason: row.reason,
    at: row.at.toISOString(),
  };
}
