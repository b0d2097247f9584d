import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { VEHICLE_TYPES } from '../../../src/shared/domain/enums';

/** A position once ingested and stored: validated, with the account and the flying mission it belongs to. */
export interface IngestedPosition {
  ident: string;
  source: TrafficSourceCode;
  type: (typeof VEHICLE_TYPES)[number];
  lat: number;
  lon: number;
  /** Metres above the surface, when known. */
  heightM: number | null;
  speedMs: number | null;
  heading: number | null;
  time: Date;
  /** The account whose tracker or own position this is; null for third-party traffic (ADS-B, OGN…). */
  userId: string | null;
  /** The mission flying at that time for that ident, if any. */
  missionId: string | null;
  /** An aircraft's callsign, transponder code and on-ground flag (ADS-B), when heard. */
  callsign: string | null;
  squawk: string | null;
  onGround: boolean | null;
}

const compactId = (userId: string) => userId.replaceAll('-', '');

/**
 * The ident an own position is stored under: the server's choice, bound to its account (the initials sent, a dot, the
 * account's id), so that no one can take another account's (source, ident, time) and have its position refused.
 */
export const ownIdent = (initials: string, userId: string) => `${initials.slice(0, 31)}.${compactId(userId)}`;

/** The ident people see: an own position's initials, any other ident as it is. */
export function shownIdent(position: { source: string; ident: string; userId: string | null }): string {
  if (position.source !== 'mo' || !position.userId) return position.ident;
  const suffix = `.${compactId(position.userId)}`;
  return position.ident.endsWith(suffix) ? position.ident.slice(0, -suffix.length) : position.ident;
}

/** Called with every stored batch, in the order received (conformance checks, live fan-out). */
export type PositionListener = (positions: readonly IngestedPosition[]) => Promise<void>;

/** Publishes a violation episode that started, worsened or ended to the live map's clients. */
export type ViolationPublisher = (violation: LiveViolation) => void;
