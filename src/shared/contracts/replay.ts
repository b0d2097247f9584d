import { z } from 'zod';
import { TRACK_EXPORT_FORMATS } from '../geo/track-files';
import { trafficSourceSchema, vehicleTypeSchema } from './alerts';

/** Positions of one page of `GET /api/replay/positions`, by default and at most. */
export const REPLAY_PAGE_DEFAULT = 5_000;
export const REPLAY_PAGE_MAX = 20_000;
/** The longest period one selection may cover. */
export const REPLAY_SPAN_MAX_DAYS = 31;
/** The screen stops loading a selection beyond this many positions and says so (docs/post-flight.md "Replay"). */
export const REPLAY_POSITIONS_MAX = 200_000;
/** A KML, GeoJSON or GPX export of a selection is built whole: beyond this many positions it is refused (the CSV streams). */
export const REPLAY_EXPORT_MAX = REPLAY_POSITIONS_MAX;
/** Ground stations listed for one selection, the busiest first. */
export const REPLAY_STATIONS_MAX = 1_000;
/** Flights listed for one period, latest first. */
export const REPLAY_FLIGHTS_MAX = 100;

/** Spec §9 replay legend: heights in metres (0–120, 120–500, above 500). */
export const REPLAY_HEIGHT_STEPS = [120, 500] as const;
/**
 * Spec §9 replay legend: rssi from −30 to −90 dB, in classes of 15 dB from the strongest; a stronger signal counts in
 * the first class, a weaker one in the last.
 */
export const REPLAY_RSSI_CLASSES = [
  [-30, -45],
  [-45, -60],
  [-60, -75],
  [-75, -90],
] as const;
/** Spec §9 replay legend: GPS satellites from 1 to 14, by classes (fewer than 4 gives no 3D fix); 0 counts as 1, more as 14. */
export const REPLAY_SATELLITE_CLASSES = [
  [1, 3],
  [4, 6],
  [7, 9],
  [10, 14],
] as const;
/**
 * Spec §9 "Velocity 5 m/s": the replay's speed layer colours positions by ground speed in classes of 5 m/s; the first
 * (under 5 m/s) is hovering and the low-speed modes of C2 (3 m/s) and C5 (5 m/s), the last everything from 15 m/s
 * (docs/post-flight.md "Replay").
 */
export const REPLAY_SPEED_STEP_MPS = 5;
export const REPLAY_SPEED_CLASSES = [0, 1, 2, 3].map((index) => index * REPLAY_SPEED_STEP_MPS);
/** Spec §9 heatmap levels, from no density to the highest. */
export const HEATMAP_LEVELS = ['none', 'veryLow', 'low', 'medium', 'high', 'max'] as const;

const DAY_MS = 86_400_000;
const latitude = z.number().min(-90, 'validation:tooSmall').max(90, 'validation:tooBig');
const longitude = z.number().min(-180, 'validation:tooSmall').max(180, 'validation:tooBig');
const dateTime = z.iso.datetime({ offset: true, message: 'validation:dateTime' });

/** What a replay selects: a period, and optionally a mission, an account, a source and an area (`west,south,east,north`). */
const selection = z.object({
  from: dateTime,
  to: dateTime,
  missionId: z.uuid('validation:invalid').optional(),
  userId: z.uuid('validation:invalid').optional(),
  source: trafficSourceSchema.optional(),
  bbox: z
    .string()
    .transform((value) => value.split(',').map(Number))
    .pipe(z.tuple([longitude, latitude, longitude, latitude]))
    .optional(),
});

type Period = { from: string; to: string };
const checkPeriod = (value: Period, context: z.RefinementCtx) => {
  const span = Date.parse(value.to) - Date.parse(value.from);
  if (span <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'validation:endBeforeStart' });
  else if (span > REPLAY_SPAN_MAX_DAYS * DAY_MS) context.addIssue({ code: 'custom', path: ['to'], message: 'validation:tooBig' });
};

export const replaySelectionSchema = selection.superRefine(checkPeriod);
export type ReplaySelection = z.infer<typeof replaySelectionSchema>;

export const replayPageQuerySchema = selection
  .extend({
    /** The `next` of the previous page. */
    after: z.string().max(200, 'validation:tooBig').optional(),
    limit: z.coerce.number().int('validation:invalid').min(1, 'validation:tooSmall').max(REPLAY_PAGE_MAX, 'validation:tooBig').optional(),
  })
  .superRefine(checkPeriod);
export type ReplayPageQuery = z.infer<typeof replayPageQuerySchema>;

/** `GET /api/replay/track`: the selection as KML, GeoJSON or GPX (a route per target). */
export const replayExportQuerySchema = selection
  .extend({ format: z.enum(TRACK_EXPORT_FORMATS, 'validation:invalid') })
  .superRefine(checkPeriod);
export type ReplayExportQuery = z.infer<typeof replayExportQuerySchema>;

export const replayTargetSchema = z.object({
  source: trafficSourceSchema,
  ident: z.string(),
  type: vehicleTypeSchema,
  missionId: z.string().nullable(),
});
export type ReplayTarget = z.infer<typeof replayTargetSchema>;

/**
 * One page of positions in time order, by columns: position i is at `time[i]` (ms since the epoch), `lon[i]`,
 * `lat[i]`, `height[i]` (m above the surface, or null), moved at `speed[i]` m/s, was received at `rssi[i]` dBm with
 * `gpsSatellites[i]` satellites (each null when not reported) and belongs to `targets[target[i]]`. `next` asks for the following page;
 * null on the last one.
 */
export const replayPageSchema = z.object({
  targets: z.array(replayTargetSchema),
  target: z.array(z.number().int()),
  time: z.array(z.number()),
  lon: z.array(z.number()),
  lat: z.array(z.number()),
  height: z.array(z.number().nullable()),
  speed: z.array(z.number().nullable()),
  rssi: z.array(z.number().int().nullable()),
  gpsSatellites: z.array(z.number().int().nullable()),
  next: z.string().nullable(),
});
export type ReplayPage = z.infer<typeof replayPageSchema>;

/** A mission with stored positions in the period: what the screen offers to replay. */
export const replayFlightSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  first: z.string(),
  last: z.string(),
  positions: z.number().int(),
});
export const replayFlightsSchema = z.object({ items: z.array(replayFlightSchema) });
export type ReplayFlights = z.infer<typeof replayFlightsSchema>;

/** Heatmap cells: their side in degrees by default and within bounds, and the most cells one answer holds. */
export const REPLAY_DENSITY_CELL_DEFAULT = 0.0005;
export const REPLAY_DENSITY_CELLS_MAX = 20_000;

export const replayDensityQuerySchema = selection
  .extend({
    cell: z.coerce.number('validation:invalid').min(0.0001, 'validation:tooSmall').max(1, 'validation:tooBig').optional(),
  })
  .superRefine(checkPeriod);
export type ReplayDensityQuery = z.infer<typeof replayDensityQuerySchema>;

/**
 * The heatmap of a selection, counted by PostgreSQL in square cells of `cell` degrees: cell i holds `count[i]`
 * positions whose mean is (`lon[i]`, `lat[i]`). The densest cells first; `truncated` when more than
 * REPLAY_DENSITY_CELLS_MAX were left out.
 */
export const replayDensitySchema = z.object({
  cell: z.number(),
  lon: z.array(z.number()),
  lat: z.array(z.number()),
  count: z.array(z.number().int()),
  truncated: z.boolean(),
});
export type ReplayDensity = z.infer<typeof replayDensitySchema>;

/** The columns of the CSV extraction, in order. */
export const REPLAY_CSV_COLUMNS = [
  'time',
  'source',
  'ident',
  'type',
  'missionId',
  'lat',
  'lon',
  'height',
  'speed',
  'heading',
  'rssi',
  'gpsSatellites',
] as const;

/**
 * `GET /api/replay/stations`: the ground stations that received the selection's positions (those posted with a station),
 * where they stand, busiest first; `truncated` when more than REPLAY_STATIONS_MAX were left out.
 */
export const replayStationsSchema = z.object({
  items: z.array(z.object({ name: z.string().nullable(), lat: z.number(), lon: z.number(), positions: z.number().int() })),
  truncated: z.boolean(),
});
export type ReplayStations = z.infer<typeof replayStationsSchema>;
