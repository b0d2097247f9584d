import type { DataDrivenPropertyValueSpecification, ExpressionSpecification } from 'maplibre-gl';
import { HEATMAP_LEVELS, REPLAY_HEIGHT_STEPS } from '@/shared/contracts/replay';

/** Spec §9 height classes: 0–120 m, 120–500 m, above 500 m. */
export const HEIGHT_CLASSES = [
  { key: 'low', color: '#2f9e44' },
  { key: 'middle', color: '#f08c00' },
  { key: 'high', color: '#e03131' },
] as const;

/** The heatmap's colour at each spec §9 level, by density from 0 (none) to 1 (max). */
export const HEATMAP_COLORS: Record<(typeof HEATMAP_LEVELS)[number], { density: number; color: string }> = {
  none: { density: 0, color: 'rgba(0, 0, 0, 0)' },
  veryLow: { density: 0.15, color: '#74c0fc' },
  low: { density: 0.35, color: '#38d9a9' },
  medium: { density: 0.55, color: '#ffd43b' },
  high: { density: 0.75, color: '#ff922b' },
  max: { density: 1, color: '#e03131' },
};

export const heightColor: DataDrivenPropertyValueSpecification<string> = [
  'step',
  ['get', 'h'],
  HEIGHT_CLASSES[0].color,
  REPLAY_HEIGHT_STEPS[0],
  HEIGHT_CLASSES[1].color,
  REPLAY_HEIGHT_STEPS[1],
  HEIGHT_CLASSES[2].color,
];

export const heatmapColor = [
  'interpolate',
  ['linear'],
  ['heatmap-density'],
  ...HEATMAP_LEVELS.flatMap((level) => [HEATMAP_COLORS[level].density, HEATMAP_COLORS[level].color]),
] as ExpressionSpecification;

/** A track's colour by its source (`colors`, the live map's, given by the screen), grey for a source not listed. */
export const sourceColor = (colors: Readonly<Record<string, string>>) =>
  ['match', ['get', 'source'], ...Object.entries(colors).flat(), '#868e96'] as unknown as ExpressionSpecification;

/** The colour of a ground station on the replay map. */
export const STATION_COLOR = '#212529';
