import { z } from 'zod';
import { NOTIFICATION_ACTIONS, NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../domain/notification';

export const notificationCreateSchema = z.object({ type: z.enum(NOTIFICATION_TYPES, 'validation:required') });

/** What the user can ask: send now (a scheduled one whose window is open), send the mission's changes, cancel. */
export const NOTIFICATION_USER_ACTIONS = ['send', 'update', 'cancel'] as const;

export const notificationParamsSchema = z.object({
  id: z.uuid('validation:invalid'),
  notificationId: z.uuid('validation:invalid'),
});

export const notificationActionParamsSchema = notificationParamsSchema.extend({ action: z.enum(NOTIFICATION_USER_ACTIONS) });

export const notificationCallSchema = z.object({
  at: z.string(),
  kind: z.enum(['send', 'update', 'cancel']),
  outcome: z.enum(['ok', 'failed']),
  error: z.string().optional(),
});
export type NotificationCall = z.infer<typeof notificationCallSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  missionId: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  /** Spec domain §3, Paris wall clock: the flight day (YYYY-MM-DD), take-off time (HH:mm) and, for the army, the time range flown. */
  date: z.string(),
  time: z.string(),
  armyTimeRange: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The sending window: opens (null: at once) and closes. */
  opensAt: z.string().nullable(),
  closesAt: z.string(),
  sentAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  externalId: z.string().nullable(),
  revision: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  calls: z.array(notificationCallSchema),
  allowedActions: z.array(z.enum(NOTIFICATION_ACTIONS)),
  createdAt: z.string(),
});
export type NotificationDetail = z.infer<typeof notificationSchema>;

/** The mission's notifications, and which types its stored verdict asks for. */
export const missionNotificationsSchema = z.object({
  required: z.array(z.enum(NOTIFICATION_TYPES)),
  /** False until the general information is complete and the regulation verdict is computed on the saved mission. */
  tabsValidated: z.boolean(),
  items: z.array(notificationSchema),
});
export type MissionNotifications = z.infer<typeof missionNotificationsSchema>;
