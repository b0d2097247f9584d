import { useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import type {
  CircleLayerSpecification,
  DataDrivenPropertyValueSpecification,
  FilterSpecification,
  HeatmapLayerSpecification,
  LineLayerSpecification,
} from 'maplibre-gl';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import type { ReplayDensity, ReplayStations } from '@/shared/contracts/replay';
import { densityPoints, headsAt, pointsOf, stationPoints, tracksOf, type ReplayData } from '../replay-data';
import { heatmapColor, heightColor, rssiColor, satelliteColor, sourceColor, speedColor, STATION_COLOR } from '../replay-style';

const HEATMAP_PAINT = {
  'heatmap-color': heatmapColor,
  'heatmap-weight': ['get', 'w'],
  'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 8, 8, 16, 24],
  'heatmap-opacity': 0.8,
} satisfies HeatmapLayerSpecification['paint'];
const TRACKS_PAINT = { 'line-color': '#1c7ed6', 'line-width': 2, 'line-opacity': 0.7 } satisfies LineLayerSpecification['paint'];
const STATIONS_PAINT = {
  'circle-color': STATION_COLOR,
  'circle-radius': 6,
  'circle-stroke-color': '#ffd43b',
  'circle-stroke-width': 2,
} satisfies CircleLayerSpecification['paint'];
/** The positions flown so far, coloured by one value (height, speed, signal strength, GPS satellites). */
const positionsPaint = (color: DataDrivenPropertyValueSpecification<string>) =>
  ({
    'circle-color': color,
    'circle-radius': 4,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 0.5,
  }) satisfies CircleLayerSpecification['paint'];
const HEIGHT_PAINT = positionsPaint(heightColor);
const SPEED_PAINT = positionsPaint(speedColor);
const RSSI_PAINT = positionsPaint(rssiColor);
const SATELLITES_PAINT = positionsPaint(satelliteColor);
/** What the speed, rssi and satellite layers hold while off: the positions are not copied into their sources until shown. */
const NO_POINTS: FeatureCollection = { type: 'FeatureCollection', features: [] };
const TARGETS_PAINT = {
  'circle-color': '#1864ab',
  'circle-radius': 7,
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 2,
} satisfies CircleLayerSpecification['paint'];

export interface ReplayLayerChoice {
  tracks: boolean;
  source: boolean;
  height: boolean;
  speed: boolean;
  rssi: boolean;
  satellites: boolean;
  heatmap: boolean;
  stations: boolean;
}

export interface ReplayLayersProps {
  data: ReplayData;
  /** The start of the replay and the instant shown, in ms since the epoch. */
  start: number;
  at: number;
  layers: ReplayLayerChoice;
  /** The heatmap's cells, counted by the server for the whole selection. */
  density: ReplayDensity | undefined;
  /** The ground stations of the selection, from the server. */
  stations: ReplayStations | undefined;
  /** The colour of each traffic source, as the live map draws them. */
  sourceColors: Readonly<Record<string, string>>;
}

/**
 * The replay on the map, inside a MapView: the heatmap of the whole selection (cells counted by the server), the tracks
 * (one colour, or coloured by source), the ground stations, the positions flown so far
 * coloured by height, speed, signal strength or GPS satellites, and each target where it is at the instant shown. The slider only changes a filter and the
 * targets' places: the big sources are built once per loaded page.
 */
export function ReplayLayers({ data, start, at, layers, density, stations, sourceColors }: ReplayLayersProps) {
  const points = useMemo(() => pointsOf(data, start), [data, start]);
  const cells = useMemo(() => densityPoints(density), [density]);
  const tracks = useMemo(() => tracksOf(data), [data]);
  const stationPlaces = useMemo(() => stationPoints(stations), [stations]);
  const sourcePaint = useMemo(
    () => ({ 'line-color': sourceColor(sourceColors), 'line-width': 3, 'line-opacity': 0.9 }) satisfies LineLayerSpecification['paint'],
    [sourceColors],
  );
  const heads = useMemo(() => headsAt(data, at), [data, at]);
  const flown = useMemo<FilterSpecification>(() => ['<=', ['get', 't'], (at - start) / 1000], [at, start]);
  return (
    <>
      <GeoJsonLayer id="replay-heatmap" type="heatmap" data={cells} visible={layers.heatmap} paint={HEATMAP_PAINT} />
      <GeoJsonLayer id="replay-tracks" type="line" data={tracks} visible={layers.tracks} paint={TRACKS_PAINT} />
      <GeoJsonLayer id="replay-source" type="line" data={tracks} visible={layers.source} paint={sourcePaint} />
      <GeoJsonLayer id="replay-stations" type="circle" data={stationPlaces} visible={layers.stations} paint={STATIONS_PAINT} />
      <GeoJsonLayer id="replay-height" type="circle" data={points} visible={layers.height} filter={flown} paint={HEIGHT_PAINT} />
      <GeoJsonLayer
        id="replay-speed"
        type="circle"
        data={layers.speed ? points : NO_POINTS}
        visible={layers.speed}
        filter={flown}
        paint={SPEED_PAINT}
      />
      <GeoJsonLayer
        id="replay-rssi"
        type="circle"
        data={layers.rssi ? points : NO_POINTS}
        visible={layers.rssi}
        filter={flown}
        paint={RSSI_PAINT}
      />
      <GeoJsonLayer
        id="replay-satellites"
        type="circle"
        data={layers.satellites ? points : NO_POINTS}
        visible={layers.satellites}
        filter={flown}
        paint={SATELLITES_PAINT}
      />
      <GeoJsonLayer id="replay-targets" type="circle" data={heads} paint={TARGETS_PAINT} />
    </>
  );
}
