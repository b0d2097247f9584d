export const TRACK_FILE_FORMATS = ['gpx', 'kml', 'geojson', 'csv', 'ulog', 'tlog', 'dataflash'] as const;
export type TrackFileFormat = (typeof TRACK_FILE_FORMATS)[number];
export const TRACK_EXPORT_FORMATS = ['kml', 'geojson', 'gpx'] as const;
export type TrackExportFormat = (typeof TRACK_EXPORT_FORMATS)[number];
export const TRACK_EXPORT_MEDIA_TYPES: Record<TrackExportFormat, string> = {
  kml: 'application/vnd.google-earth.kml+xml',
  geojson: 'application/geo+json',
  gpx: 'application/gpx+xml',
};

/** One position read from a track file: heights in metres above the take-off point or the surface, when known. */
export interface TrackFilePoint {
  time: Date;
  lat: number;
  lon: number;
  heightM: number | null;
}

/** A stored position as the exports write it, one line per ident; signal strength (dBm) and GPS satellites when reported. */
export interface TrackExportPoint extends TrackFilePoint {
  source: string;
  ident: string;
  rssi: number | null;
  gpsSatellites: number | null;
}

export type TrackFileErrorCode = 'TRACK_FILE_INVALID' | 'TRACK_FILE_EMPTY' | 'TRACK_FILE_NO_TIME' | 'TRACK_FILE_TOO_MANY_POINTS';

export class TrackFileError extends Error {
  constructor(
    readonly code: TrackFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TrackFileError';
  }
}

/** The format a file name announces, if it is one a track is read from. */
export function trackFormatOf(fileName: string): TrackFileFormat | undefined {
  const extension = fileName.toLowerCase().split('.').at(-1);
  if (extension === 'json' || extension === 'geojson') return 'geojson';
  if (extension === 'ulg') return 'ulog';
  if (extension === 'bin') return 'dataflash';
  return extension === 'gpx' || extension === 'kml' || extension === 'csv' || extension === 'tlog' ? extension : undefined;
}
