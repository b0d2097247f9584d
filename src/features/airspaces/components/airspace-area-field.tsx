import { useMemo, useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { FeatureCollection, MultiPolygon } from 'geojson';
import { useTranslation } from 'react-i18next';
import { useDrawing } from '@/components/map/draw-control';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import { AIRSPACE_SMALL_POLYGON_M2 } from '@/shared/contracts/airspaces';
import { areaKm2 } from '@/shared/geo/area';
import type { DrawnShapes } from '@/shared/geo/drawn-shapes';
import { importShapes, shapeFormatOf, ShapeFileError } from '@/shared/geo/import-shapes';

const AREA_COLOR = '#e8590c';
const IMPORT_ACCEPT = '.geojson,.json,.kml,application/geo+json,application/json,application/vnd.google-earth.kml+xml';

const toMultiPolygon = (shapes: DrawnShapes): MultiPolygon | null =>
  shapes.areas.length === 0 ? null : { type: 'MultiPolygon', coordinates: shapes.areas.map((area) => area.geometry.coordinates) };

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

/** Polygon drawing on the map; a drawn area replaces the current one. */
function DrawTools({ onDrawn }: { onDrawn: (geometry: MultiPolygon) => void }) {
  const { t } = useTranslation('airspaces');
  const { mode, setMode, clear } = useDrawing((shapes) => {
    const geometry = toMultiPolygon(shapes);
    if (geometry) onDrawn(geometry);
  });
  return (
    <Paper pos="absolute" top={10} left={10} p={6} shadow="sm" style={{ zIndex: 2 }}>
      <Group gap={4} role="toolbar" aria-label={t('area.drawTools')}>
        <Button
          size="compact-xs"
          variant={mode === 'polygon' ? 'filled' : 'default'}
          aria-pressed={mode === 'polygon'}
          onClick={() => setMode(mode === 'polygon' ? null : 'polygon')}
          data-testid="airspace-draw-polygon"
        >
          {t('area.draw')}
        </Button>
        <Button
          size="compact-xs"
          variant={mode === 'select' ? 'filled' : 'default'}
          aria-pressed={mode === 'select'}
          onClick={() => setMode(mode === 'select' ? null : 'select')}
        >
          {t('area.select')}
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={clear}>
          {t('area.clearDrawing')}
        </Button>
      </Group>
    </Paper>
  );
}

export interface AirspaceAreaFieldProps {
  value: MultiPolygon | null;
  onChange: (geometry: MultiPolygon | null) => void;
  error?: string;
}

/** The airspace's area: drawn on the map or imported from a GeoJSON or KML file; shown with its surface. */
export function AirspaceAreaField({ value, onChange, error }: AirspaceAreaFieldProps) {
  const { t, i18n } = useTranslation('airspaces');
  const [importError, setImportError] = useState<string | null>(null);
  const shown = useMemo<FeatureCollection>(
    () => ({ type: 'FeatureCollection', features: value ? [{ type: 'Feature', properties: {}, geometry: value }] : [] }),
    [value],
  );
  const surface = (km2: number) =>
    km2 * 1_000_000 < AIRSPACE_SMALL_POLYGON_M2
      ? t('area.m2', { m2: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(km2 * 1_000_000) })
      : t('area.km2', { km2: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(km2) });
  // Polygons of less than a hectare, numbered as the summary counts them: most likely a stray click while drawing.
  const small = (value?.coordinates ?? [])
    .map((rings, index) => ({ number: index + 1, km2: areaKm2({ type: 'Polygon', coordinates: rings }) }))
    .filter((polygon) => polygon.km2 * 1_000_000 < AIRSPACE_SMALL_POLYGON_M2);

  const importFile = async (file: File | null) => {
    if (!file) return;
    setImportError(null);
    const format = shapeFormatOf(file.name);
    if (!format || format === 'gpx') {
      setImportError(t('area.importErrors.UNKNOWN_FORMAT'));
      return;
    }
    try {
      const geometry = toMultiPolygon(importShapes(await file.text(), format, parseXml));
      if (!geometry) throw new ShapeFileError('EMPTY_FILE');
      onChange(geometry);
    } catch (failure) {
      setImportError(t(`area.importErrors.${failure instanceof ShapeFileError ? failure.code : 'INVALID_FILE'}`));
    }
  };

  return (
    <Stack gap="xs">
      <Box pos="relative" h={360} data-testid="airspace-map">
        <MapView label={t('area.mapLabel')}>
          <GeoJsonLayer id="airspace-area-fill" data={shown} type="fill" paint={{ 'fill-color': AREA_COLOR, 'fill-opacity': 0.2 }} />
          <GeoJsonLayer id="airspace-area-line" data={shown} type="line" paint={{ 'line-color': AREA_COLOR, 'line-width': 2 }} />
          <FitBounds data={[shown]} />
          <DrawTools onDrawn={onChange} />
        </MapView>
      </Box>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="airspace-area-summary" data-polygons={value?.coordinates.length ?? 0} aria-live="polite">
          {value ? t('area.summary', { count: value.coordinates.length, surface: surface(areaKm2(value)) }) : t('area.none')}
        </Text>
        <Group gap="xs">
          <FileButton onChange={(file) => void importFile(file)} accept={IMPORT_ACCEPT}>
            {(props) => (
              <Button variant="light" size="xs" {...props} data-testid="airspace-import">
                {t('area.import')}
              </Button>
            )}
          </FileButton>
          <Button variant="subtle" color="red" size="xs" disabled={!value} onClick={() => onChange(null)} data-testid="airspace-area-clear">
            {t('area.remove')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('area.hint')}
      </Text>
      {small.length > 0 && (
        <Alert color="yellow" p="xs" data-testid="airspace-area-warning">
          {small.map((polygon) => t('area.small', { number: polygon.number, surface: surface(polygon.km2) })).join(' ')}
        </Alert>
      )}
      {importError || error ? (
        <Alert color="red" p="xs" role="alert" data-testid="airspace-area-error">
          {importError ?? error}
        </Alert>
      ) : null}
    </Stack>
  );
}
