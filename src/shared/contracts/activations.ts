import { z } from 'zod';
import { ACTIVATION_ACTIONS, ACTIVATION_STATUSES, ACTIVATION_TRIGGERS } from '../domain/activation-dates';
import { dateTimeSchema, optionalText } from './common';

const dateTime = dateTimeSchema;

export const activationSlotSchema = z
  .object({ startAt: dateTime, endAt: dateTime })
  .refine((slot) => new Date(slot.endAt) > new Date(slot.startAt), { path: ['endAt'], message: 'validation:endBeforeStart' });
export type ActivationSlot = z.infer<typeof activationSlotSchema>;

export const activationRejectSchema = z.object({ reason: optionalText(2000) });

export const activationParamsSchema = z.object({ id: z.uuid('validation:invalid'), activationId: z.uuid('validation:invalid') });

export const activationSchema = z.object({
  id: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(ACTIVATION_STATUSES),
  submittedAt: z.string().nullable(),
  autoRejectAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** What the viewer may do with it now. */
  allowedActions: z.array(z.enum(ACTIVATION_ACTIONS)),
});
export type Activation = z.infer<typeof activationSchema>;

/** GET /api/requests/:id/activations: whether the request needs activations, the filing window and the slots. */
export const requestActivationsSchema = z.object({
  required: z.boolean(),
  trigger: z.enum(ACTIVATION_TRIGGERS),
  /** Whether the operator can file a slot now (required, request accepted, window open). */
  canFile: z.boolean(),
  viewer: z.enum(['operator', 'manager']),
  window: z.object({
    minDate: z.string(),
    maxDate: z.string(),
    open: z.boolean(),
    opensAt: z.string().nullable(),
    fileBy: z.string(),
  }),
  maxDurationHours: z.number().nullable(),
  autoRejectDelayHours: z.number().nullable(),
  activations: z.array(activationSchema),
});
export type RequestActivations = z.infer<typeof requestActivationsSchema>;
