import { GeozoneFileError, type GeozoneFormat, type GeozoneParseResult } from './geozone-file-error';
import { ed269ZoneList, parseEd269 } from './parse-ed269';
import { parseEd318 } from './parse-ed318';
import { isRecord } from './raw-values';

/** An ED-318 zone: a GeoJSON Feature whose properties carry the standard's `identifier` or `restriction`. */
const isEd318Feature = (item: unknown) =>
  isRecord(item) &&
  item.type === 'Feature' &&
  isRecord(item.properties) &&
  ('identifier' in item.properties || 'restriction' in item.properties);

/**
 * Which standard a document follows. ED-318 is GeoJSON whose features are zones (`identifier` or `restriction` in
 * their properties): other GeoJSON (a field drawn in QGIS, map layers) is neither. ED-269 zones carry `identifier` and
 * `restriction` at the top level, in one of three wrappers.
 */
export function detectGeozoneFormat(document: unknown): GeozoneFormat | undefined {
  if (isRecord(document)) {
    if (document.type === 'Feature') return isEd318Feature(document) ? 'ED-318' : undefined;
    if (Array.isArray(document.features) && (document.type === 'FeatureCollection' || document.features.some(isEd318Feature)))
      return document.features.length === 0 || document.features.some(isEd318Feature) ? 'ED-318' : undefined;
  }
  const zones = ed269ZoneList(document);
  if (!zones) return undefined;
  // A list in which nothing looks like a zone is some other JSON file, not an ED-269 file full of bad zones.
  const looksLikeZones = zones.length === 0 || zones.some((item) => isRecord(item) && ('identifier' in item || 'restriction' in item));
  return looksLikeZones ? 'ED-269' : undefined;
}

/**
 * Reads an ED-269 or ED-318 file. A zone that cannot be trusted is left out and reported in `errors`
 * (with its index and a reason code) while the other zones are kept; the caller decides whether a file
 * with errors may be imported. Throws GeozoneFileError when the text is not JSON or not a geozone file.
 */
export function parseGeozoneFile(text: string): GeozoneParseResult {
  // National feeds (LU, FI) start with a UTF-8 byte order mark, which JSON.parse refuses.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw new GeozoneFileError('INVALID_JSON', error instanceof Error ? error.message : undefined);
  }
  const format = detectGeozoneFormat(document);
  if (format === 'ED-318') return parseEd318(document);
  if (format === 'ED-269') return parseEd269(document);
  throw new GeozoneFileError('UNKNOWN_FORMAT', 'neither an ED-269 zone list nor an ED-318 FeatureCollection');
}
