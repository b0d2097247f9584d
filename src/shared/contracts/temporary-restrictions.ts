import { z } from 'zod';
import { REQUEST_STATUSES } from '../domain/request-status';
import { multiPolygonSchema } from '../geozones/zone';
import { dateTimeSchema, required } from './common';
import { missionAreaSchema } from './zones';

/** Heights of a temporary restriction, metres above the ground. */
export const TEMPORARY_RESTRICTION_MAX_HEIGHT_M = 10_000;
export const TEMPORARY_RESTRICTION_STATES = ['scheduled', 'active', 'ended'] as const;

const height = z
  .number('validation:required')
  .min(0, 'validation:nonNegative')
  .max(TEMPORARY_RESTRICTION_MAX_HEIGHT_M, 'validation:tooBig');

/**
 * `POST /api/temporary-restrictions` (and `/preview`): a NOTAM-like zone a manager publishes in one of his airspaces
 * (docs/airspace-manager.md "Temporary restrictions"): where, between which heights, when, and why.
 */
export const temporaryRestrictionInputSchema = z
  .strictObject({
    airspaceId: z.uuid('validation:invalid'),
    reason: required(500),
    area: missionAreaSchema,
    lowerM: height,
    upperM: height,
    startAt: dateTimeSchema,
    endAt: dateTimeSchema,
  })
  .refine((input) => input.upperM > input.lowerM, { path: ['upperM'], message: 'validation:maxBelowMin' })
  .refine((input) => Date.parse(input.endAt) > Date.parse(input.startAt), { path: ['endAt'], message: 'validation:endBeforeStart' });
export type TemporaryRestrictionInput = z.infer<typeof temporaryRestrictionInputSchema>;

/** A mission whose accepted or pending request meets the restriction in area, heights and time. */
export const affectedMissionSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  requestId: z.string(),
  referenceNumber: z.string(),
  status: z.enum(REQUEST_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
});
export type AffectedMission = z.infer<typeof affectedMissionSchema>;

export const temporaryRestrictionPreviewSchema = z.object({ missions: z.array(affectedMissionSchema) });
export type TemporaryRestrictionPreview = z.infer<typeof temporaryRestrictionPreviewSchema>;

export const temporaryRestrictionSchema = z.object({
  id: z.string(),
  airspaceId: z.string(),
  airspaceName: z.string(),
  reason: z.string(),
  area: multiPolygonSchema,
  lowerM: z.number(),
  upperM: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  endedAt: z.string().nullable(),
  state: z.enum(TEMPORARY_RESTRICTION_STATES),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** When the missions it touches were re-checked and their operators told; null while the job has not run. */
  recheckedAt: z.string().nullable(),
});
export type TemporaryRestriction = z.infer<typeof temporaryRestrictionSchema>;
