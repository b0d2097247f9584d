import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Secret parts of what is logged: credentials in headers, and secret fields of a body or an object, at any depth up to two. */
const SECRET_FIELDS = ['password', 'currentPassword', 'passwordConfirmation', 'newPassword', 'gjrt', 'token', 'apiKey', 'secret'];
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
];

/** `destination`: where the lines go (standard output by default; tests read them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: REDACTED_PATHS }, destination);
}
