import { z } from 'zod';
import { API_CREDENTIAL_SCOPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../domain/webhook-events';
import { optionalText, required } from './common';

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { message: 'validation:invalid' });

const events = z.array(webhookEventSchema).min(1, 'validation:required').max(WEBHOOK_EVENTS.length, 'validation:tooBig');

/** `POST /api/webhooks/endpoints`: an https address on the public Internet and the events it receives. */
export const webhookEndpointCreateSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'validation:invalid' }).max(2000, 'validation:tooBig'),
  description: optionalText(200),
  events,
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

/** `PATCH /api/webhooks/endpoints/:id`: turn it off or on, change its events or description. */
export const webhookEndpointUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  events: events.optional(),
  description: optionalText(200),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a registration: the signing secret (`whsec_…`), shown this once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  url: z.string(),
  eventType: webhookEventSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.object({ endpointId: z.uuid('validation:invalid').optional() });

/** `POST /api/credentials`: a name to tell it apart and what it may do. */
export const apiCredentialCreateSchema = z.object({
  name: required(100),
  scope: z.enum(API_CREDENTIAL_SCOPES, { message: 'validation:invalid' }),
});
export type ApiCredentialCreate = z.infer<typeof apiCredentialCreateSchema>;

export const apiCredentialSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_CREDENTIAL_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiCredential = z.infer<typeof apiCredentialSchema>;

/** The answer of a creation: the credential itself (`agk_…`), shown this once; only its hash is kept. */
export const apiCredentialCreatedSchema = apiCredentialSchema.extend({ token: z.string() });
export type ApiCredentialCreated = z.infer<typeof apiCredentialCreatedSchema>;
