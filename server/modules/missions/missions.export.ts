import type { MissionDetail } from '../../../src/shared/contracts/missions';
import type { DrawnShapes } from '../../../src/shared/geo/drawn-shapes';
import { exportGeoJson, exportGpx, exportKml } from './export-shapes';

/** The mission's map as the shared export helpers see it: one Polygon feature per area, one Point per waypoint. */
export function shapesOf(mission: MissionDetail): DrawnShapes {
  return {
    areas: (mission.areas?.coordinates ?? []).map((coordinates, index) => ({
      type: 'Feature',
      properties: { name: `${mission.title} ${index + 1}` },
      geometry: { type: 'Polygon', coordinates },
    })),
    waypoints: (mission.waypoints?.coordinates ?? []).map((position, index) => ({
      type: 'Feature',
      properties: { name: `WP${index + 1}` },
      geometry: { type: 'Point', coordinates: position },
    })),
  };
}

const FORMATS = {
  geojson: { contentType: 'application/geo+json', extension: 'geojson' },
  kml: { contentType: 'application/vnd.google-earth.kml+xml', extension: 'kml' },
  gpx: { contentType: 'application/gpx+xml', extension: 'gpx' },
} as const;

export function exportMission(mission: MissionDetail, format: keyof typeof FORMATS) {
  const shapes = shapesOf(mission);
  const body =
    format === 'geojson' ? exportGeoJson(shapes) : format === 'kml' ? exportKml(shapes, mission.title) : exportGpx(shapes, mission.title);
  const safeName = mission.title.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'mission';
  return { body, contentType: FORMATS[format].contentType, fileName: `${safeName}.${FORMATS[format].extension}` };
}
