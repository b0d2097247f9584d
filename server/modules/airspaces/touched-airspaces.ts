import type { Geometry } from 'geojson';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { AirspacesRepository } from './airspaces.repository';

/**
 * The airspaces open to operators whose geometry the areas meet, by name: bounding boxes in SQL, then the shapes
 * themselves on the geometry workers (areas may hold thousands of vertices). Filing a request and taking off ask it.
 */
export async function touchedAirspaces(
  repository: Pick<AirspacesRepository, 'findOpenInBox'>,
  geometry: Pick<GeometryPool, 'intersectsEach'>,
  areas: MissionAreas,
) {
  const points = areas.coordinates.flatMap((polygon) => polygon.flat());
  if (points.length === 0) return [];
  const lons = points.map((point) => point[0]!);
  const lats = points.map((point) => point[1]!);
  const candidates = await repository.findOpenInBox({
    minLon: Math.min(...lons),
    maxLon: Math.max(...lons),
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
  });
  const shaped = candidates.filter((airspace) => airspace.geometry !== null);
  const touched = await geometry.intersectsEach(
    areas,
    shaped.map((airspace) => airspace.geometry as unknown as Geometry),
  );
  return shaped.filter((_, index) => touched[index]);
}
