import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Feature, Point, Polygon } from 'geojson';
import { useTranslation } from 'react-i18next';
import { TerraDraw, TerraDrawPointMode, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { MISSION_MAX_AREA_KM2 } from '@/shared/domain/limits';
import { exceedsMissionArea, totalAreaKm2 } from '@/shared/geo/area';
import type { DrawnShapes } from '@/shared/geo/drawn-shapes';
import { useMap } from './map-context';

export const DRAW_MODES = ['polygon', 'point', 'select'] as const;
/** `marker` places a mission's context marker (a point of its own kind, apart from the route's waypoints). */
export type DrawMode = (typeof DRAW_MODES)[number] | 'marker';

/** What the drawing holds: areas, waypoints and context markers, each a feature with terra-draw's id. */
export interface MapShapes extends DrawnShapes {
  markers: Feature<Point>[];
}

const DRAW_COLOR = '#1864ab';
const MARKER_COLOR = '#9c36b5';

function shapesOf(snapshot: GeoJSONStoreFeatures[]): MapShapes {
  const plain = (feature: GeoJSONStoreFeatures) => ({
    type: 'Feature' as const,
    id: feature.id,
    properties: {},
    geometry: feature.geometry,
  });
  return {
    areas: snapshot
      .filter((feature) => feature.geometry.type === 'Polygon' && feature.properties.mode === 'polygon')
      .map(plain) as Feature<Polygon>[],
    waypoints: snapshot
      .filter((feature) => feature.geometry.type === 'Point' && feature.properties.mode === 'point')
      .map(plain) as Feature<Point>[],
    markers: snapshot
      .filter((feature) => feature.geometry.type === 'Point' && feature.properties.mode === 'marker')
      .map(plain) as Feature<Point>[],
  };
}

/** Shapes to start from (a saved mission): features without id get one. */
function storeFeaturesOf(initial: Partial<MapShapes>): GeoJSONStoreFeatures[] {
  const withMode = (mode: string) => (feature: Feature<Polygon | Point>) =>
    ({
      type: 'Feature',
      id: feature.id ?? crypto.randomUUID(),
      geometry: feature.geometry,
      properties: { mode },
    }) as GeoJSONStoreFeatures;
  return [
    ...(initial.areas ?? []).map(withMode('polygon')),
    ...(initial.waypoints ?? []).map(withMode('point')),
    ...(initial.markers ?? []).map(withMode('marker')),
  ];
}

/** terra-draw edits plain polygons only: an area with holes (a field round an excluded patch) is kept beside it. */
const hasHoles = (area: Feature<Polygon>) => area.geometry.coordinates.length > 1;

/**
 * Draws a mission's areas, waypoints and markers on the nearest MapView (terra-draw); hands them on as GeoJSON.
 * `initial` is read when the map is ready (a saved mission's shapes); `load` replaces the drawing later (an import).
 */
export function useDrawing(onChange?: (shapes: MapShapes) => void, initial?: Partial<MapShapes>) {
  const map = useMap();
  const draw = useRef<TerraDraw | null>(null);
  const [mode, setModeState] = useState<DrawMode | null>(null);
  const [shapes, setShapes] = useState<MapShapes>({ areas: [], waypoints: [], markers: [] });
  const notify = useRef(onChange);
  notify.current = onChange;
  const start = useRef(initial);
  // Areas with holes: shown and counted, not editable on the map (terra-draw refuses holes); cleared with the rest.
  const holed = useRef<Feature<Polygon>[]>([]);
  const [holedAreas, setHoledAreas] = useState<Feature<Polygon>[]>([]);
  const snapshotOf = useRef<() => MapShapes>(() => ({ areas: [], waypoints: [], markers: [] }));

  useEffect(() => {
    if (!map) return;
    const created = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({ styles: { fillColor: DRAW_COLOR, outlineColor: DRAW_COLOR, fillOpacity: 0.2 } }),
        new TerraDrawPointMode({ styles: { pointColor: DRAW_COLOR, pointWidth: 6 } }),
        new TerraDrawPointMode({ modeName: 'marker', styles: { pointColor: MARKER_COLOR, pointWidth: 7 } }),
        new TerraDrawSelectMode({
          flags: {
            polygon: { feature: { draggable: true, coordinates: { midpoints: true, draggable: true, deletable: true } } },
            point: { feature: { draggable: true } },
            marker: { feature: { draggable: true } },
          },
        }),
      ],
    });
    created.start();
    snapshotOf.current = () => {
      const drawn = shapesOf(created.getSnapshot());
      return { ...drawn, areas: [...drawn.areas, ...holed.current] };
    };
    created.on('change', refresh);
    draw.current = created;
    if (start.current) add(start.current);
    refresh();
    return () => {
      draw.current = null;
      created.off('change', refresh);
      // The map may be removed first when the whole view unmounts.
      if (map.getLayersOrder().length > 0) created.stop();
    };
  }, [map]);

  const setMode = (next: DrawMode | null) => {
    draw.current?.setMode(next ?? 'static');
    setModeState(next);
  };
  /**
   * Adds shapes to the drawing; returns the names (or places in the list, from 1) of the areas terra-draw refused: none
   * is expected once holes are kept apart, but none is dropped without a word.
   */
  function add(next: Partial<MapShapes>): string[] {
    const areas = next.areas ?? [];
    const withHoles = areas.filter(hasHoles).map((area) => ({ ...area, id: area.id ?? crypto.randomUUID() }));
    holed.current = [...holed.current, ...withHoles];
    const plain = areas.filter((area) => !hasHoles(area));
    const results = draw.current?.addFeatures(storeFeaturesOf({ ...next, areas: plain })) ?? [];
    // addFeatures answers in the order it was given: the plain areas first.
    return results
      .slice(0, plain.length)
      .flatMap((result, index) => (result.valid ? [] : [String(plain[index]?.properties?.name ?? areas.indexOf(plain[index]!) + 1)]));
  }
  function refresh() {
    const next = snapshotOf.current();
    setShapes(next);
    setHoledAreas(holed.current);
    notify.current?.(next);
  }
  const clear = () => {
    holed.current = [];
    draw.current?.clear();
    refresh();
  };
  const load = (next: Partial<MapShapes>) => {
    const refused = add(next);
    if (next.areas?.some(hasHoles)) refresh();
    return refused;
  };

  const areaKm2 = totalAreaKm2(shapes.areas);
  return { mode, setMode, clear, load, shapes, holedAreas, areaKm2, tooLarge: exceedsMissionArea(areaKm2) };
}

/** A small toolbar: draw an area, add waypoints, select and edit, clear; with the area live and the 10 km² warning. */
export function DrawControl({ onChange }: { onChange?: (shapes: MapShapes) => void }) {
  const { t, i18n } = useTranslation('map');
  const { mode, setMode, clear, shapes, areaKm2, tooLarge } = useDrawing(onChange);
  const km2 = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(areaKm2);
  return (
    <Paper pos="absolute" top={10} right={50} p="xs" shadow="sm" w={250} style={{ zIndex: 2 }} data-testid="draw-control">
      <Stack gap={6}>
        <Text component="h2" m={0} size="sm" fw={600} id="draw-control-title">
          {t('draw.title')}
        </Text>
        <Group gap={4} role="toolbar" aria-labelledby="draw-control-title">
          {DRAW_MODES.map((each) => (
            <Button
              key={each}
              size="compact-xs"
              variant={mode === each ? 'filled' : 'default'}
              aria-pressed={mode === each}
              onClick={() => setMode(mode === each ? null : each)}
              data-testid={`draw-${each}`}
            >
              {t(`draw.${each}`)}
            </Button>
          ))}
          <Button size="compact-xs" variant="subtle" color="red" onClick={clear} data-testid="draw-clear">
            {t('draw.clear')}
          </Button>
        </Group>
        <Text size="xs" data-testid="draw-area" data-km2={areaKm2.toFixed(3)} aria-live="polite">
          {t('draw.area', { km2 })} · {t('draw.waypoints', { count: shapes.waypoints.length })}
        </Text>
        {tooLarge ? (
          <Alert color="orange" p={6} data-testid="draw-too-large">
            <Text size="xs">{t('draw.tooLarge', { max: MISSION_MAX_AREA_KM2 })}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
