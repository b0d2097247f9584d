import { z } from 'zod';
import { REQUEST_STATUSES } from '../domain/request-status';
import { areaGeometrySchema } from '../geozones/zone';

/**
 * "My airspace, live" (docs/airspace-manager.md): the outline of the airspaces a manager watches and the volumes
 * granted in them for today, drawn under the live traffic. A manager sees his own airspaces (one of them with
 * `airspaceId`); an administrator names the airspace.
 */
export const airspaceLiveQuerySchema = z.object({ airspaceId: z.uuid('validation:invalid').optional() });
export type AirspaceLiveQuery = z.infer<typeof airspaceLiveQuerySchema>;

/** One accepted request's volume: the mission's areas (and reduced areas granted), its height limit and its slot. */
export const grantedVolumeSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  requestId: z.string(),
  referenceNumber: z.string(),
  airspaceId: z.string(),
  status: z.enum(REQUEST_STATUSES),
  area: areaGeometrySchema.nullable(),
  reducedAreas: z.array(areaGeometrySchema),
  /** The lowest of the mission's height and the `maxHeight` restrictions, metres above the ground. */
  maxHeightM: z.number().nullable(),
  /** The slot granted: the mission's dates narrowed by a `timeSlot` restriction. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  flying: z.boolean(),
});
export type GrantedVolume = z.infer<typeof grantedVolumeSchema>;

export const airspaceLiveSchema = z.object({
  airspaces: z.array(z.object({ id: z.string(), name: z.string(), geometry: areaGeometrySchema.nullable() })),
  volumes: z.array(grantedVolumeSchema),
});
export type AirspaceLive = z.infer<typeof airspaceLiveSchema>;

const person = z.object({ name: z.string(), phone: z.string().nullable() });

/** The card of a flight on the manager's live map: who flies what, under which request. */
export const liveFlightCardSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  operator: person.extend({ company: z.string().nullable() }),
  pilots: z.array(person),
  machines: z.array(z.object({ name: z.string(), serialNumber: z.string(), model: z.string().nullable() })),
  /** The mission's requests to the airspaces the caller watches. */
  requests: z.array(z.object({ id: z.string(), referenceNumber: z.string(), airspaceName: z.string(), status: z.enum(REQUEST_STATUSES) })),
  maxHeightM: z.number().nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type LiveFlightCard = z.infer<typeof liveFlightCardSchema>;

export const LIVE_SMS_RECIPIENTS = ['pilot', 'operator'] as const;
export type LiveSmsRecipient = (typeof LIVE_SMS_RECIPIENTS)[number];

/** `POST /api/airspace-live/missions/:id/sms`: a text message to the flight's pilot or operator, through the SMS transport. */
export const liveSmsSchema = z.object({
  to: z.enum(LIVE_SMS_RECIPIENTS),
  body: z.string().trim().min(1, 'validation:required').max(300, 'validation:tooBig'),
});
export type LiveSms = z.infer<typeof liveSmsSchema>;
