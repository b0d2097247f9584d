import { useMemo, useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import { useTranslation } from 'react-i18next';
import { useDrawing } from '@/components/map/draw-control';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import { readAlertFile, type ImportIssue, type KeptGeometry, type PolygonRings } from './alert-geometry';

const KEPT_COLOR = '#c92a2a';

/** The drawing toolbar: polygons only (an alert is an area), edit and clear. Lives inside the MapView. */
function DrawTools({ onDrawn }: { onDrawn: (polygons: PolygonRings[]) => void }) {
  const { t } = useTranslation('alerts');
  const { mode, setMode, clear, shapes } = useDrawing((drawn) => onDrawn(drawn.areas.map((area) => area.geometry.coordinates)));
  return (
    <Paper pos="absolute" top={10} right={50} p="xs" shadow="sm" style={{ zIndex: 2 }} data-testid="alert-draw-tools">
      <Group gap={4} role="toolbar" aria-label={t('geometry.drawTools')}>
        {(['polygon', 'select'] as const).map((each) => (
          <Button
            key={each}
            size="compact-xs"
            variant={mode === each ? 'filled' : 'default'}
            aria-pressed={mode === each}
            onClick={() => setMode(mode === each ? null : each)}
            data-testid={`alert-draw-${each}`}
          >
            {t(`geometry.${each}`)}
          </Button>
        ))}
        <Button size="compact-xs" variant="subtle" color="red" onClick={clear} data-testid="alert-draw-clear">
          {t('geometry.clearDrawn')}
        </Button>
      </Group>
      <Text size="xs" mt={4} data-testid="alert-drawn-count" aria-live="polite">
        {t('geometry.drawnCount', { count: shapes.areas.length })}
      </Text>
    </Paper>
  );
}

export interface AlertMapProps {
  kept: KeptGeometry;
  onKept: (kept: KeptGeometry) => void;
  onDrawn: (polygons: PolygonRings[]) => void;
  error?: string;
}

/** The alert's area: import GeoJSON or KML files, draw polygons, see everything on the map. */
export function AlertMap({ kept, onKept, onDrawn, error }: AlertMapProps) {
  const { t } = useTranslation('alerts');
  const [issue, setIssue] = useState<ImportIssue | null>(null);
  const keptData = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: kept.polygons.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } })),
    }),
    [kept.polygons],
  );

  const onFile = async (file: File | null) => {
    if (!file) return;
    const result = readAlertFile(await file.text(), file.name, (text) => new DOMParser().parseFromString(text, 'application/xml'));
    if ('issue' in result) {
      setIssue(result.issue);
      return;
    }
    setIssue(null);
    onKept({ ...kept, polygons: [...kept.polygons, ...result.polygons], sources: [...new Set([...kept.sources, result.source])] });
  };

  return (
    <Stack gap="xs">
      <Group>
        <FileButton
          onChange={(file) => void onFile(file)}
          accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
        >
          {(props) => (
            <Button variant="light" {...props} data-testid="alert-import">
              {t('geometry.import')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="subtle"
          color="red"
          onClick={() => onKept({ polygons: [], sources: [], drawnBefore: false })}
          data-testid="alert-clear-kept"
        >
          {t('geometry.clearKept')}
        </Button>
        <Text size="sm" data-testid="alert-kept-count">
          {t('geometry.keptCount', { count: kept.polygons.length })}
        </Text>
      </Group>
      {issue && (
        <Alert color="orange" role="alert" data-testid="alert-import-issue">
          {t(`geometry.issues.${issue}`)}
        </Alert>
      )}
      <Box h={380} pos="relative" style={{ border: '1px solid var(--mantine-color-gray-4)' }}>
        <MapView label={t('geometry.mapLabel')}>
          <GeoJsonLayer id="alert-kept-fill" type="fill" data={keptData} paint={{ 'fill-color': KEPT_COLOR, 'fill-opacity': 0.2 }} />
          <GeoJsonLayer id="alert-kept-line" type="line" data={keptData} paint={{ 'line-color': KEPT_COLOR, 'line-width': 2 }} />
          <DrawTools onDrawn={onDrawn} />
        </MapView>
      </Box>
      <Text size="xs" c="dimmed">
        {t('geometry.hint')}
      </Text>
      {error && (
        <Text c="red" size="sm" role="alert" data-testid="alert-geometry-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
