import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Feature, LineString } from 'geojson';
import { z } from 'zod';
import type { GeometryPool } from '../../lib/geometry-pool';
import { bboxOf } from '../../../src/shared/geozones/geometry';
import type { AreaGeometry } from '../../../src/shared/geozones/zone';
import type { MissionFacts } from '../../../src/shared/regulation';
import { aerodromeCapM, LARGE_RUNWAY_BANDS, SMALL_RUNWAY_BANDS } from '../../../src/shared/regulation/rules/fr';
import { distanceToLinesM } from './context-facts';

const RUNWAYS_FILE = new URL('../../../data-seed/aerodromes/fr-runways.json', import.meta.url);

/** Annexe I of the arrêté espace: no band reaches beyond 10 km of a runway (instrument or ≥ 1 200 m; 5 km otherwise). */
const VICINITY_KM = 10;
const KM_PER_DEGREE_LAT = 111.2;
/** Annexe I 2°: a runway of 1 200 m or more counts as an instrument runway's. */
const LONG_RUNWAY_M = 1_200;

const aerodromesSchema = z.array(
  z.object({
    ident: z.string(),
    name: z.string().optional(),
    type: z.enum(['small_airport', 'medium_airport', 'large_airport']),
    scheduledService: z.boolean(),
    runways: z.array(
      z.object({
        designator: z.string(),
        lengthM: z.number().positive(),
        ends: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
      }),
    ),
  }),
);

/** One runway of a French aerodrome the product knows (data-seed/aerodromes, OurAirports). */
export interface KnownRunway {
  aerodrome: string;
  designator: string;
  lengthM: number;
  /** Whether the runway has an instrument procedure, as far as the data tell (docs/regulation-engine.md "Runways"). */
  instrument: boolean;
  line: Feature<LineString>;
}

export interface RunwaySource {
  runways(): Promise<readonly KnownRunway[]>;
}

/**
 * The shipped runways, read once per process. OurAirports does not say which runways have an instrument procedure:
 * a runway of a medium or large airport (controlled aerodromes with IFR traffic) is taken as one, a small airfield's
 * as none.
 */
export function createShippedRunways(file: URL = RUNWAYS_FILE): RunwaySource {
  let loaded: Promise<KnownRunway[]> | undefined;
  return {
    runways() {
      loaded ??= readFile(fileURLToPath(file), 'utf8').then((text) =>
        aerodromesSchema.parse(JSON.parse(text)).flatMap((aerodrome) =>
          aerodrome.runways.map((runway) => ({
            aerodrome: aerodrome.ident,
            designator: runway.designator,
            lengthM: runway.lengthM,
            instrument: aerodrome.type !== 'small_airport',
            line: { type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: runway.ends } },
          })),
        ),
      );
      return loaded;
    },
  };
}

type RunwayFacts = Pick<MissionFacts, 'runwayInstrument' | 'runwayLengthM' | 'distanceDAkm'> & { nearAerodrome?: true };

/**
 * FR-AD-02/03 facts for an area: among the known runways within 10 km, the one whose annexe I band caps the flight
 * lowest (each runway counts separately), with DA taken as the least distance from the area to the runway's
 * centreline between its thresholds. Nothing when no known runway is that near: the zones and the operator decide.
 */
export async function runwayFacts(
  area: AreaGeometry,
  source: RunwaySource,
  geometry: Pick<GeometryPool, 'intersectsEach'>,
): Promise<RunwayFacts> {
  const [west, south, east, north] = bboxOf(area);
  const marginLat = VICINITY_KM / KM_PER_DEGREE_LAT;
  const marginLon = marginLat / Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const near = (await source.runways()).filter((runway) => {
    const [[lon1, lat1], [lon2, lat2]] = runway.line.geometry.coordinates as [number[], number[]];
    return (
      Math.max(lon1!, lon2!) >= west - marginLon &&
      Math.min(lon1!, lon2!) <= east + marginLon &&
      Math.max(lat1!, lat2!) >= south - marginLat &&
      Math.min(lat1!, lat2!) <= north + marginLat
    );
  });
  if (near.length === 0) return {};
  const crossed = await geometry.intersectsEach(
    area,
    near.map((runway) => runway.line.geometry),
  );
  const measured = near
    .map((runway, index) => {
      const distanceKm = crossed[index] ? 0 : distanceToLinesM(area, [runway.line]) / 1_000;
      const large = runway.instrument || runway.lengthM >= LONG_RUNWAY_M;
      return { runway, distanceKm, capM: aerodromeCapM(large ? LARGE_RUNWAY_BANDS : SMALL_RUNWAY_BANDS, distanceKm) };
    })
    .filter((candidate) => candidate.distanceKm < VICINITY_KM)
    .sort((a, b) => (a.capM ?? Number.POSITIVE_INFINITY) - (b.capM ?? Number.POSITIVE_INFINITY) || a.distanceKm - b.distanceKm);
  const closest = measured[0];
  if (!closest) return {};
  return {
    nearAerodrome: true,
    runwayInstrument: closest.runway.instrument,
    runwayLengthM: closest.runway.lengthM,
    distanceDAkm: Math.floor(closest.distanceKm * 100) / 100,
  };
}
