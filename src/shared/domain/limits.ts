// Business constants of spec shell §9 and domain §9.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_HISTORY_SIZE = 10;
/** Consecutive failed sign-ins on one e-mail that pause it; each further failure doubles the pause (docs/security.md). */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCK_FIRST_MS = 60_000;
export const LOGIN_LOCK_MAX_MS = 60 * 60_000;
/** Failed sign-ins counted per e-mail within this window; older ones are forgotten. */
export const LOGIN_FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** Failed sign-ins from one address, whatever the e-mails, that pause the address for the rest of the window. */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 30;
export const ADDRESS_FAILURE_WINDOW_MS = 15 * 60_000;
export const TOKEN_REFRESH_THRESHOLD_MS = 30 * 60 * 1000;
export const REQUEST_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 12_000;
export const MAX_TOASTS = 3;
export const ROUTE_CHANGE_DELAY_MS = 10;
export const SIDE_MENU_EDGE_TOLERANCE_PX = 5;
export const TAKEOFF_ROUTINE_DELAY_MS = 15_000;
export const MISSION_MAX_AREA_KM2 = 10;
export const DOUBLE_FACTOR_CODE_TTL_MS = 10 * 60 * 1000;
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** The most pilots, and machines, a mission form offers (an operator's fleet stays well below). */
export const MISSION_CHOICES_MAX = 500;
// Uploads (spec domain §5 "invalid type, too big, too many files"; the values are ours, docs/registry.md).
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_RECORD_MAX = 10;
/** A flight's track file (GPX, KML, GeoJSON, CSV, ULog, DataFlash, tlog): some 100,000 positions (docs/post-flight.md). */
export const TRACK_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Positions a track file may hold: 2 h 45 min at 10 Hz (docs/post-flight.md). */
export const TRACK_FILE_MAX_POINTS = 100_000;
// Operator agreement (docs/agreements.md).
export const AGREEMENT_DEFAULT_VALIDITY_DAYS = 365;
export const AGREEMENT_NEARLY_EXPIRED_DAYS = 60;
export const AGREEMENT_REMINDER_DAYS = [60, 30, 10, 1] as const;
