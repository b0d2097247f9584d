import { z } from 'zod';
import { ACTIVITY_CODES } from '../domain/post-flight';

const day = z.iso.date('validation:date');

/** A logbook's period, whole UTC days from `from` to `to` included; an administrator may name the account. */
export const logbookQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), userId: z.uuid('validation:invalid').optional() })
  .strict()
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ['to'], message: 'validation:endBeforeStart' });
export type LogbookQuery = z.infer<typeof logbookQuerySchema>;

/** Where an entry's minutes come from: the diary's written flight time, else its take-offs and landings. */
export const LOGBOOK_MINUTE_SOURCES = ['diary', 'flights', 'none'] as const;

const named = z.object({ id: z.string(), name: z.string() });

export const logbookEntrySchema = z.object({
  missionId: z.string(),
  missionTitle: z.string(),
  /** The first take-off, else the mission's start. */
  date: z.string(),
  pilots: z.array(named),
  machines: z.array(named),
  activity: z.enum(ACTIVITY_CODES).nullable(),
  minutes: z.number().int(),
  minutesFrom: z.enum(LOGBOOK_MINUTE_SOURCES),
});
export type LogbookEntry = z.infer<typeof logbookEntrySchema>;

const total = z.object({ flights: z.number().int(), minutes: z.number().int() });

export const logbookSchema = z.object({
  entries: z.array(logbookEntrySchema),
  byPilot: z.array(named.extend(total.shape)),
  byMachine: z.array(named.extend(total.shape)),
  total,
});
export type Logbook = z.infer<typeof logbookSchema>;
