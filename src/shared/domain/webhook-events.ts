/** The platform events an operator's or manager's software can receive on a webhook endpoint (docs/operations.md). */
export const WEBHOOK_EVENTS = [
  'request.filed',
  'request.decided',
  'request.messaged',
  'mission.statusChanged',
  'flight.tookOff',
  'flight.landed',
  'violation.started',
  'violation.ended',
  'notification.sent',
  'notification.failed',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** What a personal API credential may do: `read` only safe methods (GET), `write` everything its owner may. */
export const API_CREDENTIAL_SCOPES = ['read', 'write'] as const;
export type ApiCredentialScope = (typeof API_CREDENTIAL_SCOPES)[number];

/** The prefix of personal API credentials, which tells them from session tokens in `Authorization: Bearer`. */
export const API_CREDENTIAL_PREFIX = 'agk_';
