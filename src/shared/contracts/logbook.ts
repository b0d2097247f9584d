import { z } from 'zod';
import { ACTIVITY_CODES } from '../domain/post-flight';

const day = z.iso.date('validation:date');

/** A logbook's period, whole UTC days from `from` to `to` included; an administrator may name the account. */
export const logbookQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), userId: z.uuid('validation:invalid').optional() })
  .strict()
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ['to'], message: 'validation:endBeforeStart' });
export type LogbookQuery = z.infer<typeof logbookQuerySchema>;

/** Accounts one search of `GET /api/logbook/accounts` answers at most. */
export const LOGBOOK_ACCOUNTS_MAX = 20;

/** An administrator's search for the account whose logbook to read: its name or e-mail contains `search`. */
export const logbookAccountsQuerySchema = z.object({ search: z.string().trim().max(100, 'validation:tooBig').optional() }).strict();
export type LogbookAccountsQuery = z.infer<typeof logbookAccountsQuerySchema>;

/** An account that owns missions, whose logbook an administrator may open. */
export const logbookAccountSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type LogbookAccount = z.infer<typeof logbookAccountSchema>;

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
