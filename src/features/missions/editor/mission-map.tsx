import { useMemo, useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, NativeSelect, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { bbox, bboxClip, buffer, circle, featureCollection, multiPolygon } from '@turf/turf';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDrawing, type DrawMode, type MapShapes } from '@/components/map/draw-control';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { RESTRICTION_COLORS } from '@/components/map/restriction-colors';
import { CONTEXT_MARKER_KINDS, MISSION_EXPORT_FORMATS, type MissionAreas } from '@/shared/contracts/missions';
import type { ZoneIntersection } from '@/shared/contracts/zones';
import { importShapes, shapeFormatOf, ShapeFileError } from '@/shared/geo/import-shapes';
import { parseTypedArea, TypedAreaError } from '@/shared/geo/typed-area';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import { AreaSummary } from './area-summary';
import type { MarkerKind, MissionFormValues, SafetyZonesValue } from './form-values';
import { downloadFile } from '@/lib/download';

const EDIT_MODES: readonly DrawMode[] = ['polygon', 'point', 'marker', 'select'];
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
/** How far around the mission the zones it touches are outlined, in degrees (about 5 km). */
const ZONE_MARGIN_DEG = 0.05;

/** Terra-draw's feature ids of the drawn markers, with the kind and radius each was given. */
export type MarkerMeta = Map<string | number, { kind: MarkerKind; radiusM: number; heightM?: number }>;

const restrictionColor = [
  'match',
  ['get', 'restriction'],
  ...RESTRICTIONS.flatMap((restriction) => [restriction, RESTRICTION_COLORS[restriction]]),
  '#868e96',
] as unknown as ExpressionSpecification;

// Paints are constants: a new object at each render would restyle the map each time (GeoJsonLayer applies them).
/** The zones the areas touch, outlined on top of the geozone layer (which fills every zone in view). */
const ZONE_PAINT = { 'line-color': restrictionColor, 'line-width': 3 };
const ROUTE_PAINT = { 'line-color': '#1864ab', 'line-width': 2 };
const MARKER_PAINT = { 'fill-color': '#9c36b5', 'fill-opacity': 0.15, 'fill-outline-color': '#9c36b5' };
/** Areas with holes, kept as imported beside terra-draw's editable ones: drawn in the drawing's colour. */
const HOLED_FILL_PAINT = { 'fill-color': '#1864ab', 'fill-opacity': 0.2 };
const HOLED_LINE_PAINT = { 'line-color': '#1864ab', 'line-width': 2 };

/** The safety distances drawn as rings around the areas, innermost first. */
const SAFETY_RINGS = (
  [
    ['exclusionM', '#2f9e44'],
    ['contingencyM', '#f08c00'],
    ['bufferM', '#e8590c'],
    ['groundRiskBufferM', '#c92a2a'],
  ] as const
).map(([key, color]: readonly [keyof SafetyZonesValue, string]) => ({
  key,
  paint: { 'line-color': color, 'line-width': 1.5, 'line-dasharray': [2, 2] },
}));

function areasOf(shapes: MapShapes): MissionAreas | null {
  if (shapes.areas.length === 0) return null;
  return { type: 'MultiPolygon', coordinates: shapes.areas.map((area) => area.geometry.coordinates) } as MissionAreas;
}

export function initialShapes(values: MissionFormValues, meta: MarkerMeta): Partial<MapShapes> {
  const markers = values.contextMarkers.map((marker): Feature<Point> => {
    const id = crypto.randomUUID();
    meta.set(id, { kind: marker.kind, radiusM: marker.radiusM, ...(marker.heightM !== undefined && { heightM: marker.heightM }) });
    return { type: 'Feature', id, properties: {}, geometry: { type: 'Point', coordinates: marker.position } };
  });
  return {
    areas: (values.areas?.coordinates ?? []).map((coordinates) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    })),
    waypoints: values.waypoints.map((position) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: position },
    })),
    markers,
  };
}

async function download(missionId: string, format: (typeof MISSION_EXPORT_FORMATS)[number]) {
  await downloadFile(
    `preflights/${encodeURIComponent(missionId)}/export`,
    { format },
    `mission.${format === 'geojson' ? 'geojson' : format}`,
  );
}

export interface MissionMapProps {
  /** Saved missions can be exported. */
  missionId?: string;
  zones: readonly ZoneIntersection[];
  markerMeta: MarkerMeta;
  onMarkerIds: (ids: (string | number)[]) => void;
  /** A mission no longer editable: its drawing is shown and exported, not changed (no drawing, clearing or import). */
  readOnly?: boolean;
}

/** The drawing of the mission on the nearest MapView: areas, route, markers, safety rings and the zones it touches. */
export function MissionMap({ missionId, zones, markerMeta, onMarkerIds, readOnly = false }: MissionMapProps) {
  const { t } = useTranslation('missions');
  const { setValue, getValues, control, formState } = useFormContext<MissionFormValues>();
  const [markerKind, setMarkerKind] = useState<MarkerKind>('takeoff');
  const [markerRadius, setMarkerRadius] = useState(50);
  const [importError, setImportError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  // What the last import brought: the view is fitted to it, wherever it lies.
  const [imported, setImported] = useState<FeatureCollection | null>(null);
  // A second import asks whether it replaces the drawing or adds to it; "Clear" asks before wiping it.
  const [pendingImport, setPendingImport] = useState<Pick<MapShapes, 'areas' | 'waypoints'> | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  // Keyboard entry of an area beside the mouse: "lat, lon" lines or GeoJSON, typed or pasted.
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<TypedAreaError | null>(null);
  const next = useRef({ kind: markerKind, radiusM: markerRadius });
  next.current = { kind: markerKind, radiusM: markerRadius };
  const [start] = useState(() => initialShapes(getValues(), markerMeta));

  // The drawing reports the shapes it starts from too: the form takes them only once the user draws, imports or clears.
  const touched = useRef(false);
  const onChange = (shapes: MapShapes) => {
    onMarkerIds(shapes.markers.map((point) => point.id ?? ''));
    if (!touched.current) return;
    setValue('areas', areasOf(shapes), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue(
      'waypoints',
      shapes.waypoints.map((point) => [point.geometry.coordinates[0] ?? 0, point.geometry.coordinates[1] ?? 0]),
      { shouldDirty: true },
    );
    const markers = shapes.markers.map((point) => {
      const id = point.id ?? '';
      if (!markerMeta.has(id)) markerMeta.set(id, { ...next.current });
      const meta = markerMeta.get(id)!;
      return { ...meta, position: [point.geometry.coordinates[0] ?? 0, point.geometry.coordinates[1] ?? 0] as [number, number] };
    });
    setValue('contextMarkers', markers, { shouldDirty: true });
  };
  const drawing = useDrawing(onChange, start);
  const { mode } = drawing;
  const act =
    <T extends unknown[]>(action: (...args: T) => void) =>
    (...args: T) => {
      touched.current = true;
      action(...args);
    };
  const setMode = act(drawing.setMode);
  const clear = act(drawing.clear);
  const load = (shapes: Partial<MapShapes>) => {
    touched.current = true;
    setRefused(drawing.load(shapes));
    setImported({ type: 'FeatureCollection', features: [...(shapes.areas ?? []), ...(shapes.waypoints ?? [])] });
  };

  const [areas, waypoints, contextMarkers, safetyZones] = useWatch({
    control,
    name: ['areas', 'waypoints', 'contextMarkers', 'safetyZones'],
  });

  const route = useMemo<FeatureCollection>(
    () =>
      waypoints.length > 1
        ? featureCollection([{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: waypoints } }])
        : EMPTY,
    [waypoints],
  );
  const markerCircles = useMemo<FeatureCollection>(
    () =>
      featureCollection(
        contextMarkers
          .filter((marker) => marker.radiusM > 0)
          .map((marker) => circle(marker.position, marker.radiusM / 1000, { steps: 48 })),
      ),
    [contextMarkers],
  );
  const rings = useMemo(() => {
    if (!areas || areas.coordinates.length === 0) return [];
    const shape = multiPolygon(areas.coordinates);
    return SAFETY_RINGS.flatMap(({ key, paint }) => {
      const metres = safetyZones[key];
      if (metres === '' || metres <= 0) return [];
      const ring = buffer(shape, metres / 1000, { units: 'kilometers' }) as Feature<Polygon | MultiPolygon> | undefined;
      return ring ? [{ key, paint, data: featureCollection([ring]) as FeatureCollection }] : [];
    });
  }, [areas, safetyZones]);
  // Zones are clipped to the mission's surroundings: a national zone has thousands of vertices far from the mission.
  const zoneShapes = useMemo<FeatureCollection>(() => {
    if (!areas || areas.coordinates.length === 0 || zones.length === 0) return EMPTY;
    const [west, south, east, north] = bbox(multiPolygon(areas.coordinates));
    const around: [number, number, number, number] = [
      west - ZONE_MARGIN_DEG,
      south - ZONE_MARGIN_DEG,
      east + ZONE_MARGIN_DEG,
      north + ZONE_MARGIN_DEG,
    ];
    const clipped: Feature[] = zones.map((zone) =>
      bboxClip({ type: 'Feature', properties: { restriction: zone.restriction }, geometry: zone.volume.geometry }, around),
    );
    return featureCollection(clipped);
  }, [areas, zones]);

  const addTypedArea = () => {
    try {
      const typedAreas = parseTypedArea(typed, (text) => new DOMParser().parseFromString(text, 'application/xml'));
      load({ areas: typedAreas });
      setTyped('');
      setTypedError(null);
      setTyping(false);
    } catch (error) {
      setTypedError(error instanceof TypedAreaError ? error : new TypedAreaError('INVALID_GEOJSON'));
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setImportError(null);
    const format = shapeFormatOf(file.name);
    try {
      if (!format) throw new ShapeFileError('UNKNOWN_FORMAT');
      const shapes = importShapes(await file.text(), format, (text) => new DOMParser().parseFromString(text, 'application/xml'));
      const current = drawing.shapes;
      if (current.areas.length + current.waypoints.length + current.markers.length > 0) setPendingImport(shapes);
      else load({ areas: shapes.areas, waypoints: shapes.waypoints });
    } catch (error) {
      setImportError(error instanceof ShapeFileError ? error.code : 'INVALID_FILE');
    }
  };

  const holedAreas = useMemo(() => featureCollection(drawing.holedAreas) as FeatureCollection, [drawing.holedAreas]);

  return (
    <>
      <FitBounds data={[imported]} />
      <GeoJsonLayer id="mission-holed-areas-fill" type="fill" data={holedAreas} paint={HOLED_FILL_PAINT} />
      <GeoJsonLayer id="mission-holed-areas-line" type="line" data={holedAreas} paint={HOLED_LINE_PAINT} />
      <GeoJsonLayer id="mission-zones" type="line" data={zoneShapes} paint={ZONE_PAINT} />
      {rings.map((ring) => (
        <GeoJsonLayer key={ring.key} id={`mission-safety-${ring.key}`} type="line" data={ring.data} paint={ring.paint} />
      ))}
      <GeoJsonLayer id="mission-route" type="line" data={route} paint={ROUTE_PAINT} />
      <GeoJsonLayer id="mission-markers" type="fill" data={markerCircles} paint={MARKER_PAINT} />
      <Paper pos="absolute" top={10} right={50} p="xs" shadow="sm" w={270} style={{ zIndex: 2 }} data-testid="mission-draw">
        <Stack gap={6}>
          <Text component="h2" m={0} size="sm" fw={600} id="mission-draw-title">
            {t('map.title')}
          </Text>
          {readOnly ? null : (
            <Group gap={4} role="toolbar" aria-labelledby="mission-draw-title">
              {EDIT_MODES.map((each) => (
                <Button
                  key={each}
                  size="compact-xs"
                  variant={mode === each ? 'filled' : 'default'}
                  aria-pressed={mode === each}
                  onClick={() => setMode(mode === each ? null : each)}
                  data-testid={`draw-${each}`}
                >
                  {t(`map.modes.${each}`)}
                </Button>
              ))}
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirmClear(true)} data-testid="draw-clear">
                {t('map.clear')}
              </Button>
            </Group>
          )}
          {confirmClear ? (
            <Alert color="red" p={6} role="alertdialog" aria-label={t('map.confirmClear')} data-testid="draw-clear-confirm">
              <Text size="xs">{t('map.confirmClear')}</Text>
              <Group gap={4} mt={4}>
                <Button
                  size="compact-xs"
                  color="red"
                  onClick={() => {
                    clear();
                    setConfirmClear(false);
                  }}
                  data-testid="draw-clear-yes"
                >
                  {t('map.clear')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setConfirmClear(false)} data-testid="draw-clear-no">
                  {t('map.cancel')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {mode === 'marker' ? (
            <Group gap={4} grow>
              <NativeSelect
                size="xs"
                label={t('map.markerKind')}
                value={markerKind}
                onChange={(event) => setMarkerKind(event.currentTarget.value as MarkerKind)}
                data={CONTEXT_MARKER_KINDS.map((kind) => ({ value: kind, label: t(`markerKinds.${kind}`) }))}
              />
              <NumberInput
                size="xs"
                label={t('map.markerRadius')}
                min={0}
                value={markerRadius}
                onChange={(value) => setMarkerRadius(typeof value === 'number' ? value : 0)}
              />
            </Group>
          ) : null}
          <AreaSummary areas={areas} />
          {drawing.holedAreas.length > 0 ? (
            <Text size="xs" c="dimmed" data-testid="mission-holed-areas" data-count={drawing.holedAreas.length}>
              {t('map.holedAreas', { count: drawing.holedAreas.length })}
            </Text>
          ) : null}
          <Group gap={4}>
            {readOnly ? null : (
              <>
                <FileButton onChange={(file) => void importFile(file)} accept=".kml,.gpx,.geojson,.json">
                  {(props) => (
                    <Button {...props} size="compact-xs" variant="light" data-testid="mission-import">
                      {t('map.import')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  size="compact-xs"
                  variant={typing ? 'filled' : 'light'}
                  aria-expanded={typing}
                  onClick={() => setTyping((open) => !open)}
                  data-testid="mission-type-area"
                >
                  {t('map.typeArea')}
                </Button>
              </>
            )}
            {missionId
              ? MISSION_EXPORT_FORMATS.map((format) => (
                  <Button
                    key={format}
                    size="compact-xs"
                    variant="default"
                    onClick={() => void download(missionId, format)}
                    data-testid={`mission-export-${format}`}
                  >
                    {t(`map.export.${format}`)}
                  </Button>
                ))
              : null}
          </Group>
          {typing ? (
            <Stack gap={4} data-testid="mission-typed-area">
              <Textarea
                size="xs"
                label={t('map.typedLabel')}
                description={t('map.typedHelp')}
                placeholder={'48.7294, 2.1640\n48.7295, 2.1712\n48.7253, 2.1713'}
                autosize
                minRows={3}
                maxRows={8}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                error={typedError ? t(`map.typedErrors.${typedError.code}`, { line: typedError.line }) : undefined}
                data-testid="mission-typed-text"
              />
              <Group gap={4}>
                <Button size="compact-xs" onClick={addTypedArea} data-testid="mission-typed-add">
                  {t('map.typedAdd')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {pendingImport ? (
            <Alert color="blue" p={6} role="alertdialog" aria-label={t('map.importChoice')} data-testid="mission-import-choice">
              <Text size="xs">{t('map.importChoice')}</Text>
              <Group gap={4} mt={4}>
                <Button
                  size="compact-xs"
                  onClick={() => {
                    clear();
                    load(pendingImport);
                    setPendingImport(null);
                  }}
                  data-testid="mission-import-replace"
                >
                  {t('map.importReplace')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => {
                    load(pendingImport);
                    setPendingImport(null);
                  }}
                  data-testid="mission-import-add"
                >
                  {t('map.importAdd')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setPendingImport(null)} data-testid="mission-import-cancel">
                  {t('map.cancel')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {refused.length > 0 ? (
            <Alert color="red" p={6} role="alert" data-testid="mission-import-refused">
              <Text size="xs">{t('map.importRefused', { names: refused.join(', '), count: refused.length })}</Text>
            </Alert>
          ) : null}
          {importError ? (
            <Alert color="red" p={6} role="alert" data-testid="mission-import-error">
              <Text size="xs">{t(`map.importErrors.${importError}`)}</Text>
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}
