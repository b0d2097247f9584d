import type { FeatureCollection, Position } from 'geojson';
import type { DrawnShapes } from './drawn-shapes';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const nameOf = (properties: Record<string, unknown> | null, fallback: string) =>
  typeof properties?.name === 'string' && properties.name !== '' ? properties.name : fallback;

const kmlCoordinates = (ring: Position[]) => ring.map(([lon, lat]) => `${lon},${lat}`).join(' ');

export function exportGeoJson(shapes: DrawnShapes): string {
  const collection: FeatureCollection = { type: 'FeatureCollection', features: [...shapes.areas, ...shapes.waypoints] };
  return JSON.stringify(collection, null, 2);
}

/** KML 2.2: one Placemark per area (Polygon, first ring outer, the others holes) and per waypoint (Point). */
export function exportKml(shapes: DrawnShapes, documentName: string): string {
  const areas = shapes.areas.map((area, index) => {
    const [outer = [], ...holes] = area.geometry.coordinates;
    const inner = holes
      .map((ring) => `<innerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(ring)}</coordinates></LinearRing></innerBoundaryIs>`)
      .join('');
    return (
      `<Placemark><name>${escapeXml(nameOf(area.properties, `Area ${index + 1}`))}</name><Polygon>` +
      `<outerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(outer)}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon></Placemark>`
    );
  });
  const points = shapes.waypoints.map(
    (point, index) =>
      `<Placemark><name>${escapeXml(nameOf(point.properties, `WP${index + 1}`))}</name><Point><coordinates>${kmlCoordinates([point.geometry.coordinates])}</coordinates></Point></Placemark>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    `<name>${escapeXml(documentName)}</name>`,
    ...areas,
    ...points,
    '</Document></kml>',
    '',
  ].join('\n');
}

/** GPX 1.1 route: the waypoints in order as one <rte>; GPX has no areas, so they are left out. */
export function exportGpx(shapes: DrawnShapes, routeName: string): string {
  const points = shapes.waypoints.map(({ geometry, properties }, index) => {
    const [lon, lat] = geometry.coordinates;
    return `<rtept lat="${lat}" lon="${lon}"><name>${escapeXml(nameOf(properties, `WP${index + 1}`))}</name></rtept>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Aerogate" xmlns="http://www.topografix.com/GPX/1/1">',
    `<rte><name>${escapeXml(routeName)}</name>`,
    ...points,
    '</rte></gpx>',
    '',
  ].join('\n');
}
