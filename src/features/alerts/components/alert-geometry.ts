import type { Position } from 'geojson';
import type { ALERT_GEOMETRY_SOURCES, AlertGeometry } from '@/shared/contracts/alerts';
import { importShapes, shapeFormatOf, ShapeFileError, type ParseXml } from '@/shared/geo/import-shapes';

export type PolygonRings = Position[][];
export type GeometrySource = (typeof ALERT_GEOMETRY_SOURCES)[number];

/** Polygons the alert already has (saved, or imported from files), with where they came from. */
export interface KeptGeometry {
  polygons: PolygonRings[];
  sources: Exclude<GeometrySource, 'drawn'>[];
  /** A saved alert's polygons that were drawn keep 'drawn' among their sources. */
  drawnBefore: boolean;
}

export const emptyKept = (): KeptGeometry => ({ polygons: [], sources: [], drawnBefore: false });

export function keptFromAlert(alert: { geometry: AlertGeometry; geometrySources: GeometrySource[] } | undefined): KeptGeometry {
  if (!alert) return emptyKept();
  return {
    polygons: alert.geometry.coordinates as PolygonRings[],
    sources: alert.geometrySources.filter((source): source is 'geojson' | 'kml' => source !== 'drawn'),
    drawnBefore: alert.geometrySources.includes('drawn'),
  };
}

export type ImportIssue = 'unknownFormat' | 'invalidFile' | 'noArea';

/** Spec domain §3: an alert's geometry comes from GeoJSON or KML (a GPX route has no area). Only areas count. */
export function readAlertFile(
  text: string,
  fileName: string,
  parseXml: ParseXml,
): { polygons: PolygonRings[]; source: 'geojson' | 'kml' } | { issue: ImportIssue } {
  const format = shapeFormatOf(fileName);
  if (format !== 'geojson' && format !== 'kml') return { issue: 'unknownFormat' };
  try {
    const polygons = importShapes(text, format, parseXml).areas.map((area) => area.geometry.coordinates);
    return polygons.length > 0 ? { polygons, source: format } : { issue: 'noArea' };
  } catch (error) {
    if (error instanceof ShapeFileError && error.code === 'EMPTY_FILE') return { issue: 'noArea' };
    return { issue: 'invalidFile' };
  }
}

/** The MultiPolygon the alert is saved with: what it kept plus what is drawn now, and every origin once. */
export function mergeGeometry(kept: KeptGeometry, drawn: PolygonRings[]): { geometry: AlertGeometry; geometrySources: GeometrySource[] } {
  const sources: GeometrySource[] = [...kept.sources];
  if (drawn.length > 0 || (kept.drawnBefore && kept.polygons.length > 0)) sources.push('drawn');
  return {
    geometry: { type: 'MultiPolygon', coordinates: [...kept.polygons, ...drawn] as AlertGeometry['coordinates'] },
    geometrySources: [...new Set(sources)],
  };
}
