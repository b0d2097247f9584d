import { z } from 'zod';
import { ACTIVITY_CODES, FLIGHT_TIME_MAX_MIN } from '../domain/post-flight';
import { MISSION_STATUSES } from '../domain/mission-status';

export const postFlightUpdateSchema = z
  .object({
    flightTimeMin: z
      .number()
      .int('validation:integer')
      .min(0, 'validation:tooSmall')
      .max(FLIGHT_TIME_MAX_MIN, 'validation:tooBig')
      .nullable(),
    activity: z.enum(ACTIVITY_CODES).nullable(),
    activityOther: z.string().trim().max(200, 'validation:tooBig').nullable(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.activity === 'other' && !value.activityOther)
      ctx.addIssue({ code: 'custom', path: ['activityOther'], message: 'validation:required' });
  })
  .transform((value) => ({ ...value, activityOther: value.activity === 'other' ? value.activityOther : null }));
export type PostFlightInput = z.output<typeof postFlightUpdateSchema>;

export const postFlightNoteCreateSchema = z
  .object({ text: z.string().trim().min(1, 'validation:required').max(2000, 'validation:tooBig') })
  .strict();

export const postFlightChangeSchema = z.object({
  field: z.enum(['flightTimeMin', 'activity', 'activityOther', 'note', 'track']),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type PostFlightChange = z.infer<typeof postFlightChangeSchema>;

export const postFlightSchema = z.object({
  missionId: z.string(),
  missionTitle: z.string(),
  missionStatus: z.enum(MISSION_STATUSES),
  flightTimeMin: z.number().nullable(),
  activity: z.enum(ACTIVITY_CODES).nullable(),
  activityOther: z.string().nullable(),
  /** What the diary proposes when no flight time is written: from the take-offs and landings, and from the tracks. */
  proposedFlightTimeMin: z.object({ fromFlights: z.number().nullable(), fromTracks: z.number().nullable() }),
  flights: z.array(z.object({ takeoffAt: z.string(), landedAt: z.string().nullable() })),
  notes: z.array(z.object({ id: z.string(), authorName: z.string(), text: z.string(), createdAt: z.string() })),
  history: z.array(z.object({ id: z.string(), actorName: z.string(), at: z.string(), changes: z.array(postFlightChangeSchema) })),
  updatedAt: z.string().nullable(),
});
export type PostFlight = z.infer<typeof postFlightSchema>;
