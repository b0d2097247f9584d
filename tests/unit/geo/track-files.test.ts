import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { parseTrackFile, trackFormatOf } from '../../../src/shared/geo/track-files';

const parseXml = (text: string) => new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document;

describe('reading track files', () => {
  it.each([
    ['flight.GPX', 'gpx'],
    ['Saclay survey.kml', 'kml'],
    ['export.json', 'geojson'],
    ['export.geojson', 'geojson'],
    ['log.csv', 'csv'],
    ['notes.txt', undefined],
  ])('%s is read as %s', (name, format) => {
    expect(trackFormatOf(name)).toBe(format);
  });

  it('reads a semicolon CSV with a unit in its header and Unix seconds, in time order', () => {
    const text = '\uFEFFTimestamp;Latitude;Longitude;Height (m)\n1781510531;48.7101;2.1612;12.5\n1781510530;48.71;2.161;10\n';

    expect(parseTrackFile(text, 'csv', parseXml)).toEqual([
      { time: new Date(1781510530_000), lat: 48.71, lon: 2.161, heightM: 10 },
      { time: new Date(1781510531_000), lat: 48.7101, lon: 2.1612, heightM: 12.5 },
    ]);
  });

  it('keeps the first of two positions at the same instant', () => {
    const text = 'time,lat,lon\n2026-06-15T08:00:00Z,48.7,2.1\n2026-06-15T08:00:00Z,48.8,2.2\n';

    expect(parseTrackFile(text, 'csv', parseXml)).toEqual([{ time: new Date('2026-06-15T08:00:00Z'), lat: 48.7, lon: 2.1, heightM: null }]);
  });

  it("takes KML relativeToGround altitudes as heights, and Google Earth's clamped 0 as no height", () => {
    const kml = (mode: string, alt: number) =>
      `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><TimeStamp><when>2026-06-15T08:00:00Z</when></TimeStamp>` +
      `<Point>${mode}<coordinates>2.1,48.7,${alt}</coordinates></Point></Placemark></Document></kml>`;

    expect(parseTrackFile(kml('<altitudeMode>relativeToGround</altitudeMode>', 35), 'kml', parseXml)[0]?.heightM).toBe(35);
    expect(parseTrackFile(kml('', 0), 'kml', parseXml)[0]?.heightM).toBeNull();
  });
});
