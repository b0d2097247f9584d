import { z } from 'zod';

/** `GET /api/push/key`: the VAPID public key the browser subscribes with (base64url). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = z
  .string()
  .min(1, 'validation:required')
  .max(200, 'validation:tooBig')
  .regex(/^[A-Za-z0-9_-]+=*$/, 'validation:invalid');

/** `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()`, plus what the terminal is. */
export const pushSubscribeSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'validation:invalid' }).max(2000, 'validation:tooBig'),
  keys: z.object({ p256dh: base64url, auth: base64url }),
  device: z.string().trim().max(200, 'validation:tooBig').nullable().optional(),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** `DELETE /api/push/subscriptions` */
export const pushUnsubscribeSchema = z.object({ endpoint: z.url({ message: 'validation:invalid' }).max(2000, 'validation:tooBig') });

export const pushSubscriptionSchema = z.object({ id: z.string(), device: z.string().nullable(), createdAt: z.string() });

/** `POST /api/traffics/commands`: how many of the operator's terminals the message was handed to. */
/**
 * How the message reached the operator: by push to his terminals when one took it, else by SMS to his phone on file,
 * else by e-mail (docs/airspace-manager.md): never a dead end.
 */
export const operatorCommandResultSchema = z.object({
  terminals: z.number().int(),
  delivered: z.number().int(),
  channel: z.enum(['push', 'sms', 'email']),
});
export type OperatorCommandResult = z.infer<typeof operatorCommandResultSchema>;
