import type { DataDrivenPropertyValueSpecification, ExpressionSpecification } from 'maplibre-gl';
import {
  HEATMAP_LEVELS,
  REPLAY_HEIGHT_STEPS,
  REPLAY_RSSI_CLASSES,
  REPLAY_SATELLITE_CLASSES,
  REPLAY_SPEED_CLASSES,
  REPLAY_SPEED_STEP_MPS,
} from '@/shared/contracts/replay';

/** Spec §9 height classes: 0–120 m, 120–500 m, above 500 m. */
export const HEIGHT_CLASSES = [
  { key: 'low', color: '#2f9e44' },
  { key: 'middle', color: '#f08c00' },
  { key: 'high', color: '#e03131' },
] as const;

/** The colour of a position that did not report the value a layer shows. */
export const NO_VALUE_COLOR = '#adb5bd';

/** Spec §9 rssi classes, from the strongest signal (−30 to −45 dB) to the weakest (−75 to −90 dB). */
export const RSSI_CLASSES = REPLAY_RSSI_CLASSES.map(([from, to], index) => ({
  from,
  to,
  color: ['#2f9e44', '#94d82d', '#f08c00', '#e03131'][index]!,
}));

/** Spec §9 GPS satellite classes, from the fewest (1 to 3, no 3D fix) to the most (10 to 14). */
export const SATELLITE_CLASSES = REPLAY_SATELLITE_CLASSES.map(([from, to], index) => ({
  from,
  to,
  color: ['#e03131', '#f08c00', '#94d82d', '#2f9e44'][index]!,
}));

/** Spec §9 speed classes of 5 m/s, from the slowest (under 5 m/s) to 15 m/s and more (no upper bound). */
export const SPEED_CLASSES = REPLAY_SPEED_CLASSES.map((from, index, all) => ({
  from,
  to: index === all.length - 1 ? undefined : from + REPLAY_SPEED_STEP_MPS,
  color: ['#2f9e44', '#94d82d', '#f08c00', '#e03131'][index]!,
}));

/**
 * A point's colour by the class its property `key` falls in: `steps` are the classes in ascending order with the value
 * from which each starts (the first takes everything below); a point without the property is drawn NO_VALUE_COLOR.
 */
const stepColor = (key: string, steps: readonly { start: number; color: string }[]) =>
  [
    'case',
    ['has', key],
    ['step', ['get', key], steps[0]!.color, ...steps.slice(1).flatMap((step) => [step.start, step.color])],
    NO_VALUE_COLOR,
  ] as ExpressionSpecification;

/** Each position by its signal strength (`r`): a stronger signal than −30 dB counts as the first class, weaker than −90 as the last. */
export const rssiColor = stepColor(
  'r',
  [...RSSI_CLASSES].reverse().map((rssiClass) => ({ start: rssiClass.to, color: rssiClass.color })),
);

/** Each position by its GPS satellites (`s`): none counts as the first class, more than 14 as the last. */
export const satelliteColor = stepColor(
  's',
  SATELLITE_CLASSES.map((satelliteClass) => ({ start: satelliteClass.from, color: satelliteClass.color })),
);

/** Each position by its ground speed (`v`). */
export const speedColor = stepColor(
  'v',
  SPEED_CLASSES.map((speedClass) => ({ start: speedClass.from, color: speedClass.color })),
);

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
