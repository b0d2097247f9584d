import {
  type CONTEXT_MARKER_KINDS,
  type MissionAreas,
  type MissionCreate,
  type MissionDetail,
  type MissionConstraints,
} from '@/shared/contracts/missions';
import type { COUNTRIES, OverPeople } from '@/shared/regulation/codes';

export type Country = (typeof COUNTRIES)[number];
export type MarkerKind = (typeof CONTEXT_MARKER_KINDS)[number];
/** A yes/no fact the user may not have answered yet: '' is "not said". */
export type Answer = '' | 'yes' | 'no';
/** Number inputs hold '' while empty. */
export type NumberField = number | '';

export interface ContextMarkerValue {
  kind: MarkerKind;
  position: [number, number];
  radiusM: number;
  /** An obstacle's height above the ground (m); other kinds have none. */
  heightM?: number;
}

export interface SafetyZonesValue {
  exclusionM: NumberField;
  bufferM: NumberField;
  outOfViewM2: NumberField;
  contingencyM: NumberField;
  groundRiskBufferM: NumberField;
}

export interface ConstraintsValue {
  overPeople: '' | OverPeople;
  distanceToPeopleM: NumberField;
  vlos: Answer;
  urban: Answer;
  nearAerodrome: Answer;
  night: Answer;
  professional: Answer;
  controlledGroundArea: Answer;
  publicSpace: Answer;
  inProtectedSpeciesZone: Answer;
  obstacleOwnerRequest: Answer;
  distanceToRoadM: NumberField;
  notes: string;
}

export interface MissionFormValues {
  title: string;
  referentPilotId: string;
  additionalPilotIds: string[];
  mainMachineId: string;
  additionalMachineIds: string[];
  maxHeightM: NumberField;
  minHeightM: NumberField;
  maxAltitudeFt: NumberField;
  maximumDurationMin: NumberField;
  totalFlightTimeMin: NumberField;
  description: string;
  camerawork: boolean;
  scenario: string;
  country: '' | Country;
  /** ISO date-times (UTC, with Z) or null. */
  startAt: string | null;
  endAt: string | null;
  /** YYYY-MM-DD or null. */
  requestDate: string | null;
  teleServiceNumber: string;
  orderingParty: string;
  additionalRequirements: string;
  areas: MissionAreas | null;
  /** Waypoints in drawing order: the mission's route. */
  waypoints: [number, number][];
  contextMarkers: ContextMarkerValue[];
  safetyZones: SafetyZonesValue;
  constraints: ConstraintsValue;
}

const answerOf = (value: boolean | undefined): Answer => (value === undefined ? '' : value ? 'yes' : 'no');
const booleanOf = (value: Answer): boolean | undefined => (value === '' ? undefined : value === 'yes');
const numberOrEmpty = (value: number | null | undefined): NumberField => value ?? '';
const numberOrNull = (value: NumberField): number | null => (value === '' ? null : value);
const numberOrUndefined = (value: NumberField): number | undefined => (value === '' ? undefined : value);
const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value);

export function toFormValues(mission?: MissionDetail): MissionFormValues {
  const constraints = mission?.constraints ?? {};
  const safety = mission?.safetyZones ?? {};
  return {
    title: mission?.title ?? '',
    referentPilotId: mission?.referentPilot?.id ?? '',
    additionalPilotIds: mission?.additionalPilots.map((pilot) => pilot.id) ?? [],
    mainMachineId: mission?.mainMachine?.id ?? '',
    additionalMachineIds: mission?.additionalMachines.map((machine) => machine.id) ?? [],
    maxHeightM: numberOrEmpty(mission?.maxHeightM),
    minHeightM: numberOrEmpty(mission?.minHeightM),
    maxAltitudeFt: numberOrEmpty(mission?.maxAltitudeFt),
    maximumDurationMin: numberOrEmpty(mission?.maximumDurationMin),
    totalFlightTimeMin: numberOrEmpty(mission?.totalFlightTimeMin),
    description: mission?.description ?? '',
    camerawork: mission?.camerawork ?? false,
    scenario: mission?.scenario ?? '',
    country: mission?.country ?? '',
    startAt: mission?.startAt ?? null,
    endAt: mission?.endAt ?? null,
    requestDate: mission?.requestDate ?? null,
    teleServiceNumber: mission?.teleServiceNumber ?? '',
    orderingParty: mission?.orderingParty ?? '',
    additionalRequirements: mission?.additionalRequirements ?? '',
    areas: mission?.areas ?? null,
    waypoints: (mission?.waypoints?.coordinates ?? []).map(([lon, lat]) => [lon ?? 0, lat ?? 0]),
    contextMarkers: (mission?.contextMarkers ?? []).map((marker) => ({
      kind: marker.kind,
      position: [marker.position[0] ?? 0, marker.position[1] ?? 0],
      radiusM: marker.radiusM,
      ...(marker.heightM !== undefined && { heightM: marker.heightM }),
    })),
    safetyZones: {
      exclusionM: numberOrEmpty(safety.exclusionM),
      bufferM: numberOrEmpty(safety.bufferM),
      outOfViewM2: numberOrEmpty(safety.outOfViewM2),
      contingencyM: numberOrEmpty(safety.contingencyM),
      groundRiskBufferM: numberOrEmpty(safety.groundRiskBufferM),
    },
    constraints: {
      overPeople: constraints.overPeople ?? '',
      distanceToPeopleM: numberOrEmpty(constraints.distanceToPeopleM),
      vlos: answerOf(constraints.vlos),
      urban: answerOf(constraints.urban),
      nearAerodrome: answerOf(constraints.nearAerodrome),
      night: answerOf(constraints.night),
      professional: answerOf(constraints.professional),
      controlledGroundArea: answerOf(constraints.controlledGroundArea),
      publicSpace: answerOf(constraints.publicSpace),
      inProtectedSpeciesZone: answerOf(constraints.inProtectedSpeciesZone),
      obstacleOwnerRequest: answerOf(constraints.obstacleOwnerRequest),
      distanceToRoadM: numberOrEmpty(constraints.distanceToRoadM),
      notes: constraints.notes ?? '',
    },
  };
}

function constraintsInput(value: ConstraintsValue): MissionConstraints {
  const entries: [string, unknown][] = [
    ['overPeople', value.overPeople === '' ? undefined : value.overPeople],
    ['distanceToPeopleM', numberOrUndefined(value.distanceToPeopleM)],
    ['vlos', booleanOf(value.vlos)],
    ['urban', booleanOf(value.urban)],
    ['nearAerodrome', booleanOf(value.nearAerodrome)],
    ['night', booleanOf(value.night)],
    ['professional', booleanOf(value.professional)],
    ['controlledGroundArea', booleanOf(value.controlledGroundArea)],
    ['publicSpace', booleanOf(value.publicSpace)],
    ['inProtectedSpeciesZone', booleanOf(value.inProtectedSpeciesZone)],
    ['obstacleOwnerRequest', booleanOf(value.obstacleOwnerRequest)],
    ['distanceToRoadM', numberOrUndefined(value.distanceToRoadM)],
    ['notes', value.notes.trim() === '' ? undefined : value.notes],
  ];
  return Object.fromEntries(entries.filter(([, each]) => each !== undefined)) as MissionConstraints;
}

/** The body the API takes (the form always sends the whole mission). */
export function toMissionInput(values: MissionFormValues): MissionCreate {
  return {
    title: values.title,
    referentPilotId: values.referentPilotId || null,
    additionalPilotIds: values.additionalPilotIds,
    mainMachineId: values.mainMachineId || null,
    additionalMachineIds: values.additionalMachineIds,
    maxHeightM: numberOrNull(values.maxHeightM),
    minHeightM: numberOrNull(values.minHeightM),
    maxAltitudeFt: numberOrNull(values.maxAltitudeFt),
    maximumDurationMin: numberOrNull(values.maximumDurationMin),
    totalFlightTimeMin: numberOrNull(values.totalFlightTimeMin),
    description: textOrNull(values.description),
    camerawork: values.camerawork,
    scenario: textOrNull(values.scenario),
    country: values.country || null,
    startAt: values.startAt,
    endAt: values.endAt,
    requestDate: values.requestDate,
    teleServiceNumber: textOrNull(values.teleServiceNumber),
    orderingParty: textOrNull(values.orderingParty),
    additionalRequirements: textOrNull(values.additionalRequirements),
    areas: values.areas,
    waypoints: values.waypoints.length > 0 ? { type: 'LineString', coordinates: values.waypoints } : null,
    contextMarkers: values.contextMarkers,
    safetyZones: {
      exclusionM: numberOrNull(values.safetyZones.exclusionM),
      bufferM: numberOrNull(values.safetyZones.bufferM),
      outOfViewM2: numberOrNull(values.safetyZones.outOfViewM2),
      contingencyM: numberOrNull(values.safetyZones.contingencyM),
      groundRiskBufferM: numberOrNull(values.safetyZones.groundRiskBufferM),
    },
    constraints: constraintsInput(values.constraints),
  } as MissionCreate;
}
