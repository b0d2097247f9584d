import { gpx, kml } from '@tmcw/togeojson';
import type { Feature } from 'geojson';
import { shapesFromFeatures, type DrawnShapes } from './drawn-shapes';

export const SHAPE_FILE_FORMATS = ['geojson', 'kml', 'gpx'] as const;
export type ShapeFileFormat = (typeof SHAPE_FILE_FORMATS)[number];

/** Turns XML text into a Document: the browser's DOMParser, or jsdom's in tests (shared code holds no DOM). */
export type ParseXml = (text: string) => Document;

export class ShapeFileError extends Error {
  constructor(readonly code: 'UNKNOWN_FORMAT' | 'INVALID_FILE' | 'EMPTY_FILE') {
    super(code);
    this.name = 'ShapeFileError';
  }
}

/** The format a file name announces, if it is one we read. */
export function shapeFormatOf(fileName: string): ShapeFileFormat | undefined {
  const extension = fileName.toLowerCase().split('.').at(-1);
  if (extension === 'json' || extension === 'geojson') return 'geojson';
  return extension === 'kml' || extension === 'gpx' ? extension : undefined;
}

function geoJsonFeatures(text: string): Feature[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ShapeFileError('INVALID_FILE');
  }
  const object = value as { type?: string; features?: Feature[]; geometry?: unknown };
  if (object?.type === 'FeatureCollection' && Array.isArray(object.features)) return object.features;
  if (object?.type === 'Feature') return [object as Feature];
  if (typeof object?.type === 'string' && 'coordinates' in object)
    return [{ type: 'Feature', properties: {}, geometry: object as Feature['geometry'] }];
  throw new ShapeFileError('INVALID_FILE');
}

function xmlDocument(text: string, parseXml: ParseXml): Document {
  const document = parseXml(text.replace(/^\uFEFF/, ''));
  if (document.getElementsByTagName('parsererror').length > 0) throw new ShapeFileError('INVALID_FILE');
  return document;
}

/** Reads a mission's areas and waypoints from a GeoJSON, KML or GPX file's text. */
export function importShapes(text: string, format: ShapeFileFormat, parseXml: ParseXml): DrawnShapes {
  const features =
    format === 'geojson'
      ? geoJsonFeatures(text)
      : format === 'kml'
        ? // A ground overlay is an image's frame (a scanned map draped on the terrain), not an area to fly over.
          kml(xmlDocument(text, parseXml)).features.filter((feature) => feature.properties?.['@geometry-type'] !== 'groundoverlay')
        : gpx(xmlDocument(text, parseXml)).features;
  const shapes = shapesFromFeatures(features);
  if (shapes.areas.length === 0 && shapes.waypoints.length === 0) throw new ShapeFileError('EMPTY_FILE');
  return shapes;
}
