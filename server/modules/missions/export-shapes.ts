import type { FeatureCollection, Position } from 'geojson';
import { create } from 'xmlbuilder2';
import type { DrawnShapes } from '../../../src/shared/geo/drawn-shapes';

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';
const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';

const nameOf = (properties: Record<string, unknown> | null, fallback: string) =>
  typeof properties?.name === 'string' && properties.name !== '' ? properties.name : fallback;

const kmlCoordinates = (ring: Position[]) => ring.map(([lon, lat]) => `${lon},${lat}`).join(' ');

const written = (document: ReturnType<typeof create>) => `${document.end({ prettyPrint: true })}\n`;

export function exportGeoJson(shapes: DrawnShapes): string {
  const collection: FeatureCollection = { type: 'FeatureCollection', features: [...shapes.areas, ...shapes.waypoints] };
  return JSON.stringify(collection, null, 2);
}

/**
 * KML 2.2: one Placemark per area (Polygon, first ring outer, the others holes) and per waypoint (Point). Names are
 * text nodes of the XML builder, escaped by construction.
 */
export function exportKml(shapes: DrawnShapes, documentName: string): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' }).ele(KML_NAMESPACE, 'kml').ele('Document');
  document.ele('name').txt(documentName);
  shapes.areas.forEach((area, index) => {
    const [outer = [], ...holes] = area.geometry.coordinates;
    const placemark = document.ele('Placemark');
    placemark.ele('name').txt(nameOf(area.properties, `Area ${index + 1}`));
    const polygon = placemark.ele('Polygon');
    polygon.ele('outerBoundaryIs').ele('LinearRing').ele('coordinates').txt(kmlCoordinates(outer));
    for (const ring of holes) polygon.ele('innerBoundaryIs').ele('LinearRing').ele('coordinates').txt(kmlCoordinates(ring));
  });
  shapes.waypoints.forEach((point, index) => {
    const placemark = document.ele('Placemark');
    placemark.ele('name').txt(nameOf(point.properties, `WP${index + 1}`));
    placemark
      .ele('Point')
      .ele('coordinates')
      .txt(kmlCoordinates([point.geometry.coordinates]));
  });
  return written(document);
}

/** GPX 1.1 route: the waypoints in order as one <rte>; GPX has no areas, so they are left out. */
export function exportGpx(shapes: DrawnShapes, routeName: string): string {
  const route = create({ version: '1.0', encoding: 'UTF-8' }).ele(GPX_NAMESPACE, 'gpx', { version: '1.1', creator: 'Aerogate' }).ele('rte');
  route.ele('name').txt(routeName);
  shapes.waypoints.forEach(({ geometry, properties }, index) => {
    const [lon, lat] = geometry.coordinates;
    route
      .ele('rtept', { lat, lon })
      .ele('name')
      .txt(nameOf(properties, `WP${index + 1}`));
  });
  return written(route);
}
