import { TrackFileError, type TrackFilePoint } from '../../../src/shared/geo/track-files';

/**
 * A track file's positions as they are read, each checked as it comes, and what a reader returns: shared by the
 * readers of text files (track-readers.ts) and of flight controllers' binary logs (flight-log-readers.ts).
 */

/** A position as a file writes it: each value is checked and converted as it is added. */
export interface RawPoint {
  time: unknown;
  lon: unknown;
  lat: unknown;
  alt: unknown;
}

/** Battery charge at the first and the last position that reports one, in percent. */
export interface BatteryCharge {
  firstPct: number;
  lastPct: number;
}

/** A track as columns, in time order: milliseconds since 1970, degrees, and metres (NaN where no height is known). */
export interface TrackColumns {
  times: Float64Array;
  lats: Float64Array;
  lons: Float64Array;
  heights: Float64Array;
}

export interface TrackRead extends TrackColumns {
  battery: BatteryCharge | null;
}

/** Heights `relative` to the take-off or the surface are kept; `absolute` ones become heights above the first position. */
export type HeightReference = 'relative' | 'absolute';

export interface ReadFile {
  heights: HeightReference;
  battery?: BatteryCharge | null;
}

export const number = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;

/** ISO 8601, a date and time without a zone (read as UTC, as loggers write them), or seconds or milliseconds since 1970. */
export function parseTime(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  if (numeric !== null) return new Date(numeric < 1e11 ? numeric * 1000 : numeric);
  const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const time = new Date(zoneless ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * A file's positions in growing typed arrays (a few bytes each, whatever the file's text), each checked as it comes:
 * a position out of range answers TRACK_FILE_INVALID, one without a time TRACK_FILE_NO_TIME, the one past the cap
 * TRACK_FILE_TOO_MANY_POINTS.
 */
export class Positions {
  count = 0;
  private columns: TrackColumns = {
    times: new Float64Array(1024),
    lats: new Float64Array(1024),
    lons: new Float64Array(1024),
    heights: new Float64Array(1024),
  };
  constructor(private readonly maxPoints: number) {}

  add(point: RawPoint) {
    this.expect(1);
    const lat = number(point.lat);
    const lon = number(point.lon);
    const position = this.count + 1;
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180))
      throw new TrackFileError('TRACK_FILE_INVALID', `Position ${position} has no valid latitude and longitude`);
    const time = parseTime(point.time);
    if (!time) throw new TrackFileError('TRACK_FILE_NO_TIME', `Position ${position} has no time`);
    const alt = point.alt === undefined || point.alt === null || point.alt === '' ? NaN : number(point.alt);
    if (this.count === this.columns.times.length) this.grow();
    const { times, lats, lons, heights } = this.columns;
    times[this.count] = time.getTime();
    lats[this.count] = lat;
    lons[this.count] = lon;
    heights[this.count] = Number.isFinite(alt) ? alt : NaN;
    this.count += 1;
  }

  /** Refuses at once a file announcing `count` more positions than the cap allows. */
  expect(count: number) {
    if (this.count + count > this.maxPoints)
      throw new TrackFileError('TRACK_FILE_TOO_MANY_POINTS', `The file holds more than ${this.maxPoints} positions`);
  }

  /** The times and heights read so far, as written (views on the columns: writing to them changes the positions). */
  get times() {
    return this.columns.times.subarray(0, this.count);
  }

  get heights() {
    return this.columns.heights.subarray(0, this.count);
  }

  /**
   * Orders the positions by time and keeps the first of positions at the same instant (loggers repeat one when the GPS
   * stalls). Heights: `relative` ones are kept; absolute ones (GPX `ele`, KML `absolute`) become heights above the
   * first position, the take-off point, since the ground under the flight is not known.
   */
  track(reference: HeightReference): TrackColumns {
    if (this.count === 0) throw new TrackFileError('TRACK_FILE_EMPTY', 'The file holds no position');
    const { times, lats, lons, heights } = this.columns;
    const order = Array.from({ length: this.count }, (_, index) => index).sort((a, b) => times[a]! - times[b]! || a - b);
    const kept = order.filter((index, rank) => rank === 0 || times[index] !== times[order[rank - 1]!]);
    const base = reference === 'absolute' ? (kept.map((index) => heights[index]!).find((height) => !Number.isNaN(height)) ?? NaN) : 0;
    const pick = (column: Float64Array, value: (x: number) => number = (x) => x) =>
      Float64Array.from(kept, (index) => value(column[index]!));
    return {
      times: pick(times),
      lats: pick(lats),
      lons: pick(lons),
      // `+ 0`: a height rounded up to zero from below is 0, not -0.
      heights: pick(heights, (height) => Math.round((height - base) * 10) / 10 + 0),
    };
  }

  private grow() {
    const size = Math.min(this.columns.times.length * 2, this.maxPoints);
    const larger = (column: Float64Array) => {
      const copy = new Float64Array(size);
      copy.set(column);
      return copy;
    };
    const { times, lats, lons, heights } = this.columns;
    this.columns = { times: larger(times), lats: larger(lats), lons: larger(lons), heights: larger(heights) };
  }
}

/** The positions of a track as objects. */
export function trackPoints({ times, lats, lons, heights }: TrackColumns): TrackFilePoint[] {
  return Array.from(times, (time, index) => {
    const height = heights[index]!;
    return { time: new Date(time), lat: lats[index]!, lon: lons[index]!, heightM: Number.isNaN(height) ? null : height };
  });
}
